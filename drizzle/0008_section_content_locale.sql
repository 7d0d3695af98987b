ALTER TABLE "section_content" DROP CONSTRAINT "section_content_section_key_unique";--> statement-breakpoint
ALTER TABLE "section_content" ADD COLUMN "locale" text DEFAULT 'vi' NOT NULL;--> statement-breakpoint
ALTER TABLE "section_content" ADD CONSTRAINT "section_content_section_key_locale_unique" UNIQUE("section_id","content_key","locale");--> statement-breakpoint
ALTER TABLE "section_content" ADD CONSTRAINT "section_content_locale_check" CHECK ("section_content"."locale" in ('vi', 'en'));