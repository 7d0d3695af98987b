CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_user_id" text,
	"actor_email" text,
	"entity_type" text NOT NULL,
	"entity_id" text NOT NULL,
	"action" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	CONSTRAINT "audit_log_action_check" CHECK ("audit_log"."action" in ('insert', 'update', 'delete'))
);
--> statement-breakpoint
CREATE TABLE "staff_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by_user_id" text,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_user_id" text,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_invitations_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "staff_invitations_role_check" CHECK ("staff_invitations"."role" in ('owner', 'staff', 'content'))
);
--> statement-breakpoint
ALTER TABLE "user_roles" DROP CONSTRAINT "user_roles_role_check";--> statement-breakpoint
ALTER TABLE "email_outbox" DROP CONSTRAINT "email_outbox_template_check";--> statement-breakpoint
ALTER TABLE "user_roles" ADD COLUMN "last_sign_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_invited_by_user_id_user_id_fk" FOREIGN KEY ("invited_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_accepted_user_id_user_id_fk" FOREIGN KEY ("accepted_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_occurred_at_idx" ON "audit_log" USING btree ("occurred_at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_user_id","occurred_at");--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity_type","occurred_at");--> statement-breakpoint
CREATE INDEX "staff_invitations_email_idx" ON "staff_invitations" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "user_roles_one_role_per_user_idx" ON "user_roles" USING btree ("user_id");--> statement-breakpoint
-- SPEC §6's admins are the shop's owners now (decision 0030).
UPDATE "user_roles" SET "role" = 'owner' WHERE "role" = 'admin';--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_role_check" CHECK ("user_roles"."role" in ('owner', 'staff', 'content'));--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_template_check" CHECK ("email_outbox"."template" in ('order_confirmation', 'order_shipped', 'newsletter_confirmation', 'staff_invitation'));--> statement-breakpoint
-- The audit log (decision 0030): one row trigger on every table a console member changes. It
-- writes only when the transaction names its actor (set_config('app.actor', user id, true), done by
-- adminAction), so shoppers' writes (order placement) skip it at the WHEN clause. Only changed
-- fields are kept for an update (bookkeeping columns ignored; nothing left: no row); the listed
-- secret columns are masked. TG_ARGV[0]: the key columns (comma-separated), TG_ARGV[1]: secrets.
CREATE FUNCTION "audit_row_change"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  actor text := nullif(current_setting('app.actor', true), '');
  ignored text[] := array['updated_at', 'version', 'search_text', 'sold_count', 'last_sign_in_at'];
  old_row jsonb;
  new_row jsonb;
  before_fields jsonb := '{}'::jsonb;
  after_fields jsonb := '{}'::jsonb;
  entity text := '';
  key_column text;
  field text;
BEGIN
  IF actor IS NULL THEN RETURN NULL; END IF;
  IF TG_OP <> 'INSERT' THEN old_row := to_jsonb(OLD) - ignored; END IF;
  IF TG_OP <> 'DELETE' THEN new_row := to_jsonb(NEW) - ignored; END IF;
  FOREACH key_column IN ARRAY string_to_array(TG_ARGV[0], ',') LOOP
    entity := entity || CASE WHEN entity = '' THEN '' ELSE ':' END || coalesce(coalesce(new_row, old_row) ->> key_column, '');
  END LOOP;
  IF TG_OP = 'UPDATE' THEN
    FOR field IN SELECT jsonb_object_keys(new_row) LOOP
      IF (new_row -> field) IS DISTINCT FROM (old_row -> field) THEN
        before_fields := before_fields || jsonb_build_object(field, old_row -> field);
        after_fields := after_fields || jsonb_build_object(field, new_row -> field);
      END IF;
    END LOOP;
    IF after_fields = '{}'::jsonb THEN RETURN NULL; END IF;
  ELSE
    before_fields := old_row;
    after_fields := new_row;
  END IF;
  IF TG_NARGS > 1 THEN
    FOREACH field IN ARRAY string_to_array(TG_ARGV[1], ',') LOOP
      IF before_fields ? field THEN before_fields := jsonb_set(before_fields, array[field], '"••••"'); END IF;
      IF after_fields ? field THEN after_fields := jsonb_set(after_fields, array[field], '"••••"'); END IF;
    END LOOP;
  END IF;
  INSERT INTO "audit_log" ("actor_user_id", "actor_email", "entity_type", "entity_id", "action", "before", "after")
  VALUES (actor, (SELECT "email" FROM "user" WHERE "id" = actor), TG_TABLE_NAME, entity, lower(TG_OP), before_fields, after_fields);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "orders_audit" AFTER INSERT OR UPDATE OR DELETE ON "orders"
FOR EACH ROW WHEN (current_setting('app.actor', true) <> '') EXECUTE FUNCTION "audit_row_change"('id');--> statement-breakpoint
CREATE TRIGGER "order_items_audit" AFTER INSERT OR UPDATE OR DELETE ON "order_items"
FOR EACH ROW WHEN (current_setting('app.actor', true) <> '') EXECUTE FUNCTION "audit_row_change"('id');--> statement-breakpoint
CREATE TRIGGER "products_audit" AFTER INSERT OR UPDATE OR DELETE ON "products"
FOR EACH ROW WHEN (current_setting('app.actor', true) <> '') EXECUTE FUNCTION "audit_row_change"('id');--> statement-breakpoint
CREATE TRIGGER "store_stock_audit" AFTER INSERT OR UPDATE OR DELETE ON "store_stock"
FOR EACH ROW WHEN (current_setting('app.actor', true) <> '') EXECUTE FUNCTION "audit_row_change"('store_id,product_id');--> statement-breakpoint
CREATE TRIGGER "categories_audit" AFTER INSERT OR UPDATE OR DELETE ON "categories"
FOR EACH ROW WHEN (current_setting('app.actor', true) <> '') EXECUTE FUNCTION "audit_row_change"('id');--> statement-breakpoint
CREATE TRIGGER "product_images_audit" AFTER INSERT OR UPDATE OR DELETE ON "product_images"
FOR EACH ROW WHEN (current_setting('app.actor', true) <> '') EXECUTE FUNCTION "audit_row_change"('id');--> statement-breakpoint
CREATE TRIGGER "sections_audit" AFTER INSERT OR UPDATE OR DELETE ON "sections"
FOR EACH ROW WHEN (current_setting('app.actor', true) <> '') EXECUTE FUNCTION "audit_row_change"('id');--> statement-breakpoint
CREATE TRIGGER "section_content_audit" AFTER INSERT OR UPDATE OR DELETE ON "section_content"
FOR EACH ROW WHEN (current_setting('app.actor', true) <> '') EXECUTE FUNCTION "audit_row_change"('id');--> statement-breakpoint
CREATE TRIGGER "page_seo_audit" AFTER INSERT OR UPDATE OR DELETE ON "page_seo"
FOR EACH ROW WHEN (current_setting('app.actor', true) <> '') EXECUTE FUNCTION "audit_row_change"('id');--> statement-breakpoint
CREATE TRIGGER "settings_audit" AFTER INSERT OR UPDATE OR DELETE ON "settings"
FOR EACH ROW WHEN (current_setting('app.actor', true) <> '') EXECUTE FUNCTION "audit_row_change"('key');--> statement-breakpoint
CREATE TRIGGER "theme_audit" AFTER INSERT OR UPDATE OR DELETE ON "theme"
FOR EACH ROW WHEN (current_setting('app.actor', true) <> '') EXECUTE FUNCTION "audit_row_change"('id');--> statement-breakpoint
CREATE TRIGGER "discount_codes_audit" AFTER INSERT OR UPDATE OR DELETE ON "discount_codes"
FOR EACH ROW WHEN (current_setting('app.actor', true) <> '') EXECUTE FUNCTION "audit_row_change"('id');--> statement-breakpoint
CREATE TRIGGER "customers_audit" AFTER INSERT OR UPDATE OR DELETE ON "customers"
FOR EACH ROW WHEN (current_setting('app.actor', true) <> '') EXECUTE FUNCTION "audit_row_change"('id');--> statement-breakpoint
CREATE TRIGGER "customer_addresses_audit" AFTER INSERT OR UPDATE OR DELETE ON "customer_addresses"
FOR EACH ROW WHEN (current_setting('app.actor', true) <> '') EXECUTE FUNCTION "audit_row_change"('id');--> statement-breakpoint
CREATE TRIGGER "blocked_phones_audit" AFTER INSERT OR UPDATE OR DELETE ON "blocked_phones"
FOR EACH ROW WHEN (current_setting('app.actor', true) <> '') EXECUTE FUNCTION "audit_row_change"('phone');--> statement-breakpoint
CREATE TRIGGER "shipments_audit" AFTER INSERT OR UPDATE OR DELETE ON "shipments"
FOR EACH ROW WHEN (current_setting('app.actor', true) <> '') EXECUTE FUNCTION "audit_row_change"('id');--> statement-breakpoint
CREATE TRIGGER "carrier_accounts_audit" AFTER INSERT OR UPDATE OR DELETE ON "carrier_accounts"
FOR EACH ROW WHEN (current_setting('app.actor', true) <> '') EXECUTE FUNCTION "audit_row_change"('carrier', 'token,shop_id,webhook_secret');--> statement-breakpoint
CREATE TRIGGER "cod_remittances_audit" AFTER INSERT OR UPDATE OR DELETE ON "cod_remittances"
FOR EACH ROW WHEN (current_setting('app.actor', true) <> '') EXECUTE FUNCTION "audit_row_change"('id');--> statement-breakpoint
CREATE TRIGGER "cod_remittance_lines_audit" AFTER INSERT OR UPDATE OR DELETE ON "cod_remittance_lines"
FOR EACH ROW WHEN (current_setting('app.actor', true) <> '') EXECUTE FUNCTION "audit_row_change"('id');--> statement-breakpoint
CREATE TRIGGER "user_roles_audit" AFTER INSERT OR UPDATE OR DELETE ON "user_roles"
FOR EACH ROW WHEN (current_setting('app.actor', true) <> '') EXECUTE FUNCTION "audit_row_change"('user_id');--> statement-breakpoint
CREATE TRIGGER "staff_invitations_audit" AFTER INSERT OR UPDATE OR DELETE ON "staff_invitations"
FOR EACH ROW WHEN (current_setting('app.actor', true) <> '') EXECUTE FUNCTION "audit_row_change"('id', 'token_hash');
