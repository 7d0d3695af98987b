-- Trigram indexes for the admin's contains-searches (LIKE '%…%'): pg_trgm ships with PostgreSQL
-- and with PGlite (loaded by app/server/db.server.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "daily_product_sales" (
	"day" date NOT NULL,
	"product_name" text NOT NULL,
	"quantity" bigint DEFAULT 0 NOT NULL,
	"revenue" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_product_sales_day_product_name_pk" PRIMARY KEY("day","product_name")
);
--> statement-breakpoint
CREATE TABLE "daily_sales" (
	"day" date PRIMARY KEY NOT NULL,
	"order_count" integer DEFAULT 0 NOT NULL,
	"sales_count" integer DEFAULT 0 NOT NULL,
	"revenue" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "customers_search_text_idx";--> statement-breakpoint
DROP INDEX "order_items_created_at_idx";--> statement-breakpoint
DROP INDEX "orders_created_at_idx";--> statement-breakpoint
CREATE INDEX "customers_search_text_trgm_idx" ON "customers" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_email_trgm_idx" ON "customers" USING gin (lower("email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_phone_trgm_idx" ON "customers" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_created_at_status_customer_idx" ON "orders" USING btree ("created_at","status","customer_id");--> statement-breakpoint
CREATE INDEX "orders_email_trgm_idx" ON "orders" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_phone_trgm_idx" ON "orders" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_name_trgm_idx" ON "orders" USING gin (lower("first_name" || ' ' || "last_name") gin_trgm_ops);
--> statement-breakpoint
-- Sales rollups (daily_sales, daily_product_sales), kept exact by triggers in the same
-- transaction as every write to orders and order_items; see
-- docs/decisions/0007-sales-rollups-kept-by-triggers.md. A shop-local day is the order's
-- created_at in Asia/Ho_Chi_Minh (SHOP_TIME_ZONE). Writers wait while the rollups are filled.
LOCK TABLE "orders", "order_items" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
CREATE FUNCTION "daily_sales_add"(p_day date, p_orders integer, p_sales integer, p_revenue bigint) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO "daily_sales" ("day", "order_count", "sales_count", "revenue")
  VALUES (p_day, p_orders, p_sales, p_revenue)
  ON CONFLICT ("day") DO UPDATE SET
    "order_count" = "daily_sales"."order_count" + excluded."order_count",
    "sales_count" = "daily_sales"."sales_count" + excluded."sales_count",
    "revenue" = "daily_sales"."revenue" + excluded."revenue"
$$;
--> statement-breakpoint
CREATE FUNCTION "daily_product_sales_add"(p_day date, p_product_name text, p_quantity bigint, p_revenue bigint) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO "daily_product_sales" ("day", "product_name", "quantity", "revenue")
  VALUES (p_day, p_product_name, p_quantity, p_revenue)
  ON CONFLICT ("day", "product_name") DO UPDATE SET
    "quantity" = "daily_product_sales"."quantity" + excluded."quantity",
    "revenue" = "daily_product_sales"."revenue" + excluded."revenue"
$$;
--> statement-breakpoint
-- Adds (sign 1) or removes (sign -1) an order's items from its day's product sales.
CREATE FUNCTION "daily_product_sales_add_order"(p_order_id uuid, p_day date, p_sign integer) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO "daily_product_sales" ("day", "product_name", "quantity", "revenue")
  SELECT p_day, "product_name", p_sign * sum("quantity"), p_sign * sum("total_price")
  FROM "order_items" WHERE "order_id" = p_order_id GROUP BY "product_name"
  ON CONFLICT ("day", "product_name") DO UPDATE SET
    "quantity" = "daily_product_sales"."quantity" + excluded."quantity",
    "revenue" = "daily_product_sales"."revenue" + excluded."revenue"
$$;
--> statement-breakpoint
-- An order's old row is taken out and its new row put in: creation, a move to or from
-- cancelled, a changed total or date, deletion (BEFORE, while its items are still there; the
-- cascaded item deletes then find no order and change nothing).
CREATE FUNCTION "orders_sales_rollup"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  old_day date;
  new_day date;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    old_day := (OLD."created_at" AT TIME ZONE 'Asia/Ho_Chi_Minh')::date;
    IF OLD."status" <> 'cancelled' THEN
      PERFORM "daily_sales_add"(old_day, -1, -1, -OLD."total");
      PERFORM "daily_product_sales_add_order"(OLD."id", old_day, -1);
    ELSE
      PERFORM "daily_sales_add"(old_day, -1, 0, 0);
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    new_day := (NEW."created_at" AT TIME ZONE 'Asia/Ho_Chi_Minh')::date;
    IF NEW."status" <> 'cancelled' THEN
      PERFORM "daily_sales_add"(new_day, 1, 1, NEW."total");
      PERFORM "daily_product_sales_add_order"(NEW."id", new_day, 1);
    ELSE
      PERFORM "daily_sales_add"(new_day, 1, 0, 0);
    END IF;
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "orders_sales_rollup_insert" AFTER INSERT ON "orders"
FOR EACH ROW EXECUTE FUNCTION "orders_sales_rollup"();
--> statement-breakpoint
CREATE TRIGGER "orders_sales_rollup_update" AFTER UPDATE OF "status", "total", "created_at" ON "orders"
FOR EACH ROW WHEN (
  (OLD."status" = 'cancelled') IS DISTINCT FROM (NEW."status" = 'cancelled')
  OR OLD."total" IS DISTINCT FROM NEW."total"
  OR OLD."created_at" IS DISTINCT FROM NEW."created_at"
) EXECUTE FUNCTION "orders_sales_rollup"();
--> statement-breakpoint
CREATE TRIGGER "orders_sales_rollup_delete" BEFORE DELETE ON "orders"
FOR EACH ROW EXECUTE FUNCTION "orders_sales_rollup"();
--> statement-breakpoint
-- An item written, changed or deleted on its own counts when its order exists and is not cancelled.
CREATE FUNCTION "order_items_sales_rollup"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  parent record;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT "status", "created_at" INTO parent FROM "orders" WHERE "id" = OLD."order_id";
    IF FOUND AND parent."status" <> 'cancelled' THEN
      PERFORM "daily_product_sales_add"((parent."created_at" AT TIME ZONE 'Asia/Ho_Chi_Minh')::date,
        OLD."product_name", -OLD."quantity", -OLD."total_price");
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT "status", "created_at" INTO parent FROM "orders" WHERE "id" = NEW."order_id";
    IF FOUND AND parent."status" <> 'cancelled' THEN
      PERFORM "daily_product_sales_add"((parent."created_at" AT TIME ZONE 'Asia/Ho_Chi_Minh')::date,
        NEW."product_name", NEW."quantity", NEW."total_price");
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "order_items_sales_rollup" AFTER INSERT OR UPDATE OR DELETE ON "order_items"
FOR EACH ROW EXECUTE FUNCTION "order_items_sales_rollup"();
--> statement-breakpoint
-- The orders placed before this migration.
INSERT INTO "daily_sales" ("day", "order_count", "sales_count", "revenue")
SELECT ("created_at" AT TIME ZONE 'Asia/Ho_Chi_Minh')::date, count(*),
       count(*) FILTER (WHERE "status" <> 'cancelled'), coalesce(sum("total") FILTER (WHERE "status" <> 'cancelled'), 0)
FROM "orders" GROUP BY 1;
--> statement-breakpoint
INSERT INTO "daily_product_sales" ("day", "product_name", "quantity", "revenue")
SELECT (o."created_at" AT TIME ZONE 'Asia/Ho_Chi_Minh')::date, i."product_name", sum(i."quantity"), sum(i."total_price")
FROM "order_items" i JOIN "orders" o ON o."id" = i."order_id"
WHERE o."status" <> 'cancelled'
GROUP BY 1, 2;
