-- hand-written (issue 31, decision 0059): the checkout group's defaults became the Vietnam COD preset.
-- A "checkout" row of version 1 is the seed's copy of the old defaults (SPEC §5's form), never saved
-- by the merchant; a row saved in the console (version 2 and up) is the merchant's choice and stays.
-- A shop that has taken orders keeps the form its buyers know: SPEC §5's, written down as its setting.
INSERT INTO "settings" ("key", "value", "version")
SELECT 'checkout', '{"nameFields":"split","email":"required","postalCode":"required","company":"optional","city":"optional","phoneFirst":false}'::jsonb, 2
WHERE EXISTS (SELECT 1 FROM "orders")
ON CONFLICT ("key") DO UPDATE SET "value" = EXCLUDED."value", "version" = "settings"."version" + 1, "updated_at" = now()
WHERE "settings"."version" = 1;--> statement-breakpoint
-- A shop without orders starts as a new shop does: the seed's copy becomes the preset (its company choice kept).
UPDATE "settings"
SET "value" = "value" || '{"nameFields":"full","email":"optional","postalCode":"hidden","city":"hidden","phoneFirst":true}'::jsonb,
  "version" = "version" + 1, "updated_at" = now()
WHERE "key" = 'checkout' AND "version" = 1 AND NOT EXISTS (SELECT 1 FROM "orders");--> statement-breakpoint
-- A checkout the merchant saved before the city line became a choice keeps the line it showed.
UPDATE "settings" SET "value" = "value" || '{"city":"optional"}'::jsonb, "updated_at" = now()
WHERE "key" = 'checkout' AND "value" -> 'city' IS NULL;
