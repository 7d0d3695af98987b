ALTER TABLE "products" ADD COLUMN "parent_id" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "variant_label" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_parent_id_products_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_parent_id_idx" ON "products" USING btree ("parent_id","position");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_variant_label_check" CHECK ("products"."parent_id" is null or "products"."variant_label" is not null);--> statement-breakpoint
-- Each group of colour products (variant_group) becomes one product whose colours are its variants
-- (decision 0038). The colour rows keep their ids, so the orders, carts, stock and reviews that
-- point at them stay as they are; the new product takes the shared texts and the first colour's images.
DO $$
DECLARE
  grp record;
  new_id integer;
BEGIN
  FOR grp IN
    SELECT variant_group AS key, min(id) AS first_id
    FROM products WHERE variant_group IS NOT NULL
    GROUP BY variant_group HAVING count(*) > 1
  LOOP
    INSERT INTO products (
      sku, name, slug, description, price, category_id, stock_quantity, low_stock_threshold,
      is_featured, is_best_seller, track_stock, is_active, shelf_life, weight,
      shipping_weight_grams, shipping_length_cm, shipping_width_cm, shipping_height_cm,
      features, use_cases, materials, badges, tags,
      tab_details, tab_user_guide, tab_specifications, tab_warnings, translations, search_text
    )
    SELECT
      CASE WHEN EXISTS (SELECT 1 FROM products WHERE sku = upper(grp.key)) THEN upper(grp.key) || '-' || p.id ELSE upper(grp.key) END,
      regexp_replace(p.name, '\s+[–-]\s+[^–-]+$', ''),
      CASE WHEN EXISTS (SELECT 1 FROM products WHERE slug = grp.key) THEN grp.key || '-' || p.id ELSE grp.key END,
      p.description,
      (SELECT min(price) FROM products WHERE variant_group = grp.key),
      p.category_id, 0, p.low_stock_threshold,
      (SELECT bool_or(is_featured) FROM products WHERE variant_group = grp.key),
      (SELECT bool_or(is_best_seller) FROM products WHERE variant_group = grp.key),
      false,
      (SELECT bool_or(is_active) FROM products WHERE variant_group = grp.key),
      p.shelf_life, p.weight,
      p.shipping_weight_grams, p.shipping_length_cm, p.shipping_width_cm, p.shipping_height_cm,
      p.features, p.use_cases, p.materials, p.badges, p.tags,
      p.tab_details, p.tab_user_guide, p.tab_specifications, p.tab_warnings,
      CASE WHEN p.translations ? 'en' THEN
        jsonb_set(
          p.translations #- '{en,metaTitle}' #- '{en,metaDescription}',
          '{en,name}',
          to_jsonb(regexp_replace(coalesce(p.translations -> 'en' ->> 'name', ''), '\s+[–-]\s+[^–-]+$', ''))
        )
      ELSE p.translations END,
      (SELECT string_agg(search_text, ' ' ORDER BY id) FROM products WHERE variant_group = grp.key)
    FROM products p WHERE p.id = grp.first_id
    RETURNING id INTO new_id;

    INSERT INTO product_images (product_id, url, alt, alt_en, position, width, height, is_cover)
    SELECT new_id, url, alt, alt_en, position, width, height, is_cover
    FROM product_images WHERE product_id = grp.first_id;

    UPDATE products v SET
      parent_id = new_id,
      variant_label = coalesce(substring(v.name FROM '[–-]\s+([^–-]+)$'), v.name),
      position = ranked.position,
      is_featured = false,
      translations = CASE WHEN v.translations -> 'en' ->> 'name' ~ '[–-]\s+[^–-]+$' THEN
        jsonb_set(v.translations, '{en,variantLabel}', to_jsonb(substring(v.translations -> 'en' ->> 'name' FROM '[–-]\s+([^–-]+)$')))
      ELSE v.translations END
    FROM (
      SELECT id, (row_number() OVER (ORDER BY id) - 1)::integer AS position
      FROM products WHERE variant_group = grp.key
    ) ranked
    WHERE v.id = ranked.id;
  END LOOP;
END $$;
