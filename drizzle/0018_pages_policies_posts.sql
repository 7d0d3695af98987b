CREATE TABLE "pages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"title_en" text DEFAULT '' NOT NULL,
	"excerpt" text DEFAULT '' NOT NULL,
	"excerpt_en" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"body_en" text DEFAULT '' NOT NULL,
	"seo_title" text DEFAULT '' NOT NULL,
	"seo_title_en" text DEFAULT '' NOT NULL,
	"seo_description" text DEFAULT '' NOT NULL,
	"seo_description_en" text DEFAULT '' NOT NULL,
	"cover_image" text DEFAULT '' NOT NULL,
	"author" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"related_product_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"published_at" timestamp with time zone,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pages_kind_slug_unique" UNIQUE("kind","slug"),
	CONSTRAINT "pages_kind_check" CHECK ("pages"."kind" in ('policy', 'post')),
	CONSTRAINT "pages_status_check" CHECK ("pages"."status" in ('draft', 'published')),
	CONSTRAINT "pages_published_at_check" CHECK ("pages"."status" = 'draft' or "pages"."published_at" is not null)
);
--> statement-breakpoint
CREATE INDEX "pages_kind_status_published_idx" ON "pages" USING btree ("kind","status","published_at");--> statement-breakpoint
-- ===== Hand-written (keep at the end when this migration is regenerated) =====
-- The audit log (decision 0030): policies and posts are console content, like sections.
CREATE TRIGGER "pages_audit" AFTER INSERT OR UPDATE OR DELETE ON "pages"
FOR EACH ROW WHEN (current_setting('app.actor', true) <> '') EXECUTE FUNCTION "audit_row_change"('id');
