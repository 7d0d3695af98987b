CREATE TABLE "order_saved_views" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"query" text NOT NULL,
	"shared" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_saved_views_name_check" CHECK (char_length("order_saved_views"."name") between 1 and 60),
	CONSTRAINT "order_saved_views_query_check" CHECK (char_length("order_saved_views"."query") <= 1000)
);
--> statement-breakpoint
ALTER TABLE "order_saved_views" ADD CONSTRAINT "order_saved_views_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_saved_views_user_name_idx" ON "order_saved_views" USING btree ("user_id",lower("name"));--> statement-breakpoint
CREATE INDEX "order_saved_views_shared_idx" ON "order_saved_views" USING btree ("created_at") WHERE "order_saved_views"."shared";