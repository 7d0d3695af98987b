ALTER TABLE "customers" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "locale" text DEFAULT 'vi' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "customers_phone_without_email_unique" ON "customers" USING btree ("phone") WHERE "customers"."email" is null;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_locale_check" CHECK ("orders"."locale" in ('vi', 'en'));