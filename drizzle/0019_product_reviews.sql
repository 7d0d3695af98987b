CREATE TABLE "product_reviews" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_reviews_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"product_id" integer NOT NULL,
	"order_id" uuid,
	"rating" integer NOT NULL,
	"title" text,
	"body" text NOT NULL,
	"display_name" text NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reply_text" text,
	"reply_by_user_id" text,
	"reply_by_name" text,
	"replied_at" timestamp with time zone,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_reviews_order_product_unique" UNIQUE("order_id","product_id"),
	CONSTRAINT "product_reviews_rating_check" CHECK ("product_reviews"."rating" between 1 and 5),
	CONSTRAINT "product_reviews_status_check" CHECK ("product_reviews"."status" in ('pending', 'approved', 'hidden')),
	CONSTRAINT "product_reviews_title_length_check" CHECK ("product_reviews"."title" is null or char_length("product_reviews"."title") <= 120),
	CONSTRAINT "product_reviews_body_length_check" CHECK (char_length("product_reviews"."body") between 1 and 2000),
	CONSTRAINT "product_reviews_display_name_length_check" CHECK (char_length("product_reviews"."display_name") between 1 and 60),
	CONSTRAINT "product_reviews_reply_length_check" CHECK ("product_reviews"."reply_text" is null or char_length("product_reviews"."reply_text") <= 2000),
	CONSTRAINT "product_reviews_photos_check" CHECK (jsonb_typeof("product_reviews"."photos") = 'array' and jsonb_array_length("product_reviews"."photos") <= 3),
	CONSTRAINT "product_reviews_order_or_demo_check" CHECK ("product_reviews"."is_demo" or "product_reviews"."order_id" is not null)
);
--> statement-breakpoint
ALTER TABLE "product_reviews" ADD CONSTRAINT "product_reviews_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_reviews" ADD CONSTRAINT "product_reviews_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_reviews" ADD CONSTRAINT "product_reviews_reply_by_user_id_user_id_fk" FOREIGN KEY ("reply_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_reviews_product_status_created_idx" ON "product_reviews" USING btree ("product_id","status","created_at");--> statement-breakpoint
CREATE INDEX "product_reviews_status_created_idx" ON "product_reviews" USING btree ("status","created_at");--> statement-breakpoint
-- ===== Hand-written (keep when regenerating this migration) =====
-- The audit log (decision 0030): staff moderation of reviews (approve, hide, reply, removing the
-- demo reviews) is recorded like every other console change, by the trigger of migration 0015.
CREATE TRIGGER "product_reviews_audit" AFTER INSERT OR UPDATE OR DELETE ON "product_reviews"
FOR EACH ROW WHEN (current_setting('app.actor', true) <> '') EXECUTE FUNCTION "audit_row_change"('id');
