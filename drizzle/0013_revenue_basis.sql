ALTER TABLE "daily_sales" ADD COLUMN "delivered_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "daily_sales" ADD COLUMN "delivered_revenue" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Revenue on delivered orders (issue 16): a returned parcel is no sale (like a cancelled order),
-- and each day also keeps the orders delivered or paid (settings fulfilment.revenueBasis
-- "delivered", the default). The triggers of 0001 are redefined; see
-- docs/decisions/0007-sales-rollups-kept-by-triggers.md. Statuses are compared as text: 'returned'
-- was added to the enum in 0012, and a new enum value cannot be used in the transaction that
-- added it (all pending migrations run in one).
LOCK TABLE "orders", "order_items" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
CREATE FUNCTION "order_is_sale"(p_status text) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$
  SELECT p_status NOT IN ('cancelled', 'returned')
$$;
--> statement-breakpoint
CREATE FUNCTION "order_is_delivered_sale"(p_status text, p_payment_status text) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$
  SELECT p_status NOT IN ('cancelled', 'returned') AND (p_status = 'delivered' OR p_payment_status = 'paid')
$$;
--> statement-breakpoint
CREATE FUNCTION "daily_sales_add"(p_day date, p_orders integer, p_sales integer, p_revenue bigint,
  p_delivered integer, p_delivered_revenue bigint) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO "daily_sales" ("day", "order_count", "sales_count", "revenue", "delivered_count", "delivered_revenue")
  VALUES (p_day, p_orders, p_sales, p_revenue, p_delivered, p_delivered_revenue)
  ON CONFLICT ("day") DO UPDATE SET
    "order_count" = "daily_sales"."order_count" + excluded."order_count",
    "sales_count" = "daily_sales"."sales_count" + excluded."sales_count",
    "revenue" = "daily_sales"."revenue" + excluded."revenue",
    "delivered_count" = "daily_sales"."delivered_count" + excluded."delivered_count",
    "delivered_revenue" = "daily_sales"."delivered_revenue" + excluded."delivered_revenue"
$$;
--> statement-breakpoint
-- As in 0001, the old row is taken out and the new row put in; now also on a move to or from
-- returned, delivered, or paid.
CREATE OR REPLACE FUNCTION "orders_sales_rollup"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  old_day date;
  new_day date;
  is_sale boolean;
  is_delivered boolean;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    old_day := (OLD."created_at" AT TIME ZONE 'Asia/Ho_Chi_Minh')::date;
    is_sale := "order_is_sale"(OLD."status"::text);
    is_delivered := "order_is_delivered_sale"(OLD."status"::text, OLD."payment_status"::text);
    PERFORM "daily_sales_add"(old_day, -1,
      CASE WHEN is_sale THEN -1 ELSE 0 END, CASE WHEN is_sale THEN -OLD."total" ELSE 0 END,
      CASE WHEN is_delivered THEN -1 ELSE 0 END, CASE WHEN is_delivered THEN -OLD."total" ELSE 0 END);
    IF is_sale THEN
      PERFORM "daily_product_sales_add_order"(OLD."id", old_day, -1);
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    new_day := (NEW."created_at" AT TIME ZONE 'Asia/Ho_Chi_Minh')::date;
    is_sale := "order_is_sale"(NEW."status"::text);
    is_delivered := "order_is_delivered_sale"(NEW."status"::text, NEW."payment_status"::text);
    PERFORM "daily_sales_add"(new_day, 1,
      CASE WHEN is_sale THEN 1 ELSE 0 END, CASE WHEN is_sale THEN NEW."total" ELSE 0 END,
      CASE WHEN is_delivered THEN 1 ELSE 0 END, CASE WHEN is_delivered THEN NEW."total" ELSE 0 END);
    IF is_sale THEN
      PERFORM "daily_product_sales_add_order"(NEW."id", new_day, 1);
    END IF;
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
DROP FUNCTION "daily_sales_add"(date, integer, integer, bigint);
--> statement-breakpoint
DROP TRIGGER "orders_sales_rollup_update" ON "orders";
--> statement-breakpoint
CREATE TRIGGER "orders_sales_rollup_update" AFTER UPDATE OF "status", "payment_status", "total", "created_at" ON "orders"
FOR EACH ROW WHEN (
  "order_is_sale"(OLD."status"::text) IS DISTINCT FROM "order_is_sale"(NEW."status"::text)
  OR "order_is_delivered_sale"(OLD."status"::text, OLD."payment_status"::text)
     IS DISTINCT FROM "order_is_delivered_sale"(NEW."status"::text, NEW."payment_status"::text)
  OR OLD."total" IS DISTINCT FROM NEW."total"
  OR OLD."created_at" IS DISTINCT FROM NEW."created_at"
) EXECUTE FUNCTION "orders_sales_rollup"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "order_items_sales_rollup"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  parent record;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT "status", "created_at" INTO parent FROM "orders" WHERE "id" = OLD."order_id";
    IF FOUND AND "order_is_sale"(parent."status"::text) THEN
      PERFORM "daily_product_sales_add"((parent."created_at" AT TIME ZONE 'Asia/Ho_Chi_Minh')::date,
        OLD."product_name", -OLD."quantity", -OLD."total_price");
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT "status", "created_at" INTO parent FROM "orders" WHERE "id" = NEW."order_id";
    IF FOUND AND "order_is_sale"(parent."status"::text) THEN
      PERFORM "daily_product_sales_add"((parent."created_at" AT TIME ZONE 'Asia/Ho_Chi_Minh')::date,
        NEW."product_name", NEW."quantity", NEW."total_price");
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The rollups again from the orders already there (returned orders out, delivered figures in).
DELETE FROM "daily_sales";
--> statement-breakpoint
INSERT INTO "daily_sales" ("day", "order_count", "sales_count", "revenue", "delivered_count", "delivered_revenue")
SELECT ("created_at" AT TIME ZONE 'Asia/Ho_Chi_Minh')::date, count(*),
       count(*) FILTER (WHERE "order_is_sale"("status"::text)),
       coalesce(sum("total") FILTER (WHERE "order_is_sale"("status"::text)), 0),
       count(*) FILTER (WHERE "order_is_delivered_sale"("status"::text, "payment_status"::text)),
       coalesce(sum("total") FILTER (WHERE "order_is_delivered_sale"("status"::text, "payment_status"::text)), 0)
FROM "orders" GROUP BY 1;
--> statement-breakpoint
DELETE FROM "daily_product_sales";
--> statement-breakpoint
INSERT INTO "daily_product_sales" ("day", "product_name", "quantity", "revenue")
SELECT (o."created_at" AT TIME ZONE 'Asia/Ho_Chi_Minh')::date, i."product_name", sum(i."quantity"), sum(i."total_price")
FROM "order_items" i JOIN "orders" o ON o."id" = i."order_id"
WHERE "order_is_sale"(o."status"::text)
GROUP BY 1, 2;
