ALTER TABLE "order_items" ADD COLUMN "product_name_en" text;--> statement-breakpoint
-- hand-written:
-- Orders placed before keep an English name: each line's product's English name today (null when it has none).
UPDATE "order_items" AS "oi" SET "product_name_en" = nullif(btrim("p"."translations"->'en'->>'name'), '')
FROM "products" AS "p" WHERE "p"."id" = "oi"."product_id";
--> statement-breakpoint
-- A shop that already sells keeps the checkout its buyers know (decision 0052): with orders but no saved
-- checkout settings it ran on the old default, SPEC's layout, which is written down here. A new shop
-- (no orders yet) gets the new default, the Vietnam COD preset.
INSERT INTO "settings" ("key", "value")
SELECT 'checkout', '{"nameFields":"split","email":"required","postalCode":"required","company":"optional","phoneFirst":false}'::jsonb
WHERE EXISTS (SELECT 1 FROM "orders")
ON CONFLICT ("key") DO NOTHING;
