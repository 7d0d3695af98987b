ALTER TABLE "order_items" ADD COLUMN "product_name_en" text;--> statement-breakpoint
-- hand-written:
-- Orders placed before keep an English name: each line's product's English name today (null when it has none).
UPDATE "order_items" AS "oi" SET "product_name_en" = nullif(btrim("p"."translations"->'en'->>'name'), '')
FROM "products" AS "p" WHERE "p"."id" = "oi"."product_id";
