ALTER TABLE "store_locations" ADD COLUMN "opens_at" text DEFAULT '08:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_locations" ADD COLUMN "closes_at" text DEFAULT '21:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_locations" ADD COLUMN "map_url" text;--> statement-breakpoint
ALTER TABLE "store_locations" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "store_locations" ADD CONSTRAINT "store_locations_hours_check" CHECK ("store_locations"."opens_at" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and "store_locations"."closes_at" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and "store_locations"."opens_at" < "store_locations"."closes_at");--> statement-breakpoint
ALTER TABLE "store_locations" ADD CONSTRAINT "store_locations_map_url_check" CHECK ("store_locations"."map_url" is null or "store_locations"."map_url" ~ '^https?://');--> statement-breakpoint
-- Hand-written (keep when regenerating): the shops are edited in the console now, so their
-- changes go to the audit log like the other catalogue tables' (decision 0030).
CREATE TRIGGER "store_locations_audit" AFTER INSERT OR UPDATE OR DELETE ON "store_locations"
FOR EACH ROW WHEN (current_setting('app.actor', true) <> '') EXECUTE FUNCTION "audit_row_change"('id');
