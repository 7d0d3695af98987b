-- The sales rollups' three writing functions (0001, 0013) in PL/pgSQL instead of SQL, with the same
-- statements (decision 0026, issue 17 item 6). A SQL function called from a trigger is parsed and
-- planned again on every call; PL/pgSQL keeps each statement's plan for the connection's life. With
-- every order calling them three times (the order row, then each item), that planning was a fifth
-- of the database's CPU under the flash-sale bench. What they write is unchanged.
CREATE OR REPLACE FUNCTION "daily_sales_add"(p_day date, p_orders integer, p_sales integer, p_revenue bigint,
  p_delivered integer, p_delivered_revenue bigint) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "daily_sales" ("day", "order_count", "sales_count", "revenue", "delivered_count", "delivered_revenue")
  VALUES (p_day, p_orders, p_sales, p_revenue, p_delivered, p_delivered_revenue)
  ON CONFLICT ("day") DO UPDATE SET
    "order_count" = "daily_sales"."order_count" + excluded."order_count",
    "sales_count" = "daily_sales"."sales_count" + excluded."sales_count",
    "revenue" = "daily_sales"."revenue" + excluded."revenue",
    "delivered_count" = "daily_sales"."delivered_count" + excluded."delivered_count",
    "delivered_revenue" = "daily_sales"."delivered_revenue" + excluded."delivered_revenue";
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "daily_product_sales_add"(p_day date, p_product_name text, p_quantity bigint, p_revenue bigint) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "daily_product_sales" ("day", "product_name", "quantity", "revenue")
  VALUES (p_day, p_product_name, p_quantity, p_revenue)
  ON CONFLICT ("day", "product_name") DO UPDATE SET
    "quantity" = "daily_product_sales"."quantity" + excluded."quantity",
    "revenue" = "daily_product_sales"."revenue" + excluded."revenue";
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "daily_product_sales_add_order"(p_order_id uuid, p_day date, p_sign integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "daily_product_sales" ("day", "product_name", "quantity", "revenue")
  SELECT p_day, "product_name", p_sign * sum("quantity"), p_sign * sum("total_price")
  FROM "order_items" WHERE "order_id" = p_order_id GROUP BY "product_name"
  ON CONFLICT ("day", "product_name") DO UPDATE SET
    "quantity" = "daily_product_sales"."quantity" + excluded."quantity",
    "revenue" = "daily_product_sales"."revenue" + excluded."revenue";
END
$$;
