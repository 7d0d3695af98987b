ALTER TABLE "orders" ADD COLUMN "pickup_store_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pickup_store" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_pickup_store_id_store_locations_id_fk" FOREIGN KEY ("pickup_store_id") REFERENCES "public"."store_locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_pickup_store_check" CHECK ("orders"."pickup_store" is null or "orders"."shipping_method" = 'store-pickup');