ALTER TABLE "discount_codes" ADD COLUMN "first_order_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD COLUMN "once_per_customer" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Hand-written (issue 13 item 8): the seeded MAROU10 is advertised for a first order, so existing
-- shops get the rule too (fresh shops get it from the seed).
UPDATE "discount_codes" SET "first_order_only" = true WHERE upper("code") = 'MAROU10';
