import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, type AnyPgColumn } from "drizzle-orm/pg-core";
import type { CategoryTexts, ProductTexts, Translations } from "../../lib/i18n/translated";
import { createdAt, rowVersion, updatedAt } from "./columns";

export type { CategoryTexts, ProductTexts, Translations };

export const categories = pgTable(
  "categories",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    slug: text("slug").notNull().unique(),
    description: text("description"),
    /** A site path (/images/…) or an http(s) URL. */
    image: text("image"),
    translations: jsonb("translations").$type<Translations<CategoryTexts>>().notNull().default({}),
    isActive: boolean("is_active").notNull().default(true),
    displayOrder: integer("display_order").notNull().default(0),
    version: rowVersion(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("categories_display_order_idx").on(t.displayOrder)],
);

export const productColors = ["white", "black", "blue", "pink"] as const;
export type ProductColor = (typeof productColors)[number];

const emptyTextArray = sql`'{}'::text[]`;

export const products = pgTable(
  "products",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    sku: text("sku").notNull().unique(),
    name: text("name").notNull(),
    slug: text("slug").notNull().unique(),
    description: text("description").notNull().default(""),
    /** Whole đồng. */
    price: bigint("price", { mode: "number" }).notNull(),
    /** The struck-through "was" price, whole đồng. */
    compareAtPrice: bigint("compare_at_price", { mode: "number" }),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "restrict" }),
    stockQuantity: integer("stock_quantity").notNull().default(0),
    lowStockThreshold: integer("low_stock_threshold").notNull().default(5),
    isFeatured: boolean("is_featured").notNull().default(false),
    isBestSeller: boolean("is_best_seller").notNull().default(false),
    trackStock: boolean("track_stock").notNull().default(true),
    isActive: boolean("is_active").notNull().default(true),
    metaTitle: text("meta_title"),
    metaDescription: text("meta_description"),
    // Storefront fields (product page and listing filters).
    shelfLife: text("shelf_life"),
    weight: text("weight"),
    /** The packed parcel, for shipments (null: the shop's defaults in the fulfilment settings). */
    shippingWeightGrams: integer("shipping_weight_grams"),
    shippingLengthCm: integer("shipping_length_cm"),
    shippingWidthCm: integer("shipping_width_cm"),
    shippingHeightCm: integer("shipping_height_cm"),
    color: text("color").$type<ProductColor>(),
    colorHex: text("color_hex"),
    features: text("features").array().notNull().default(emptyTextArray),
    useCases: text("use_cases").array().notNull().default(emptyTextArray),
    materials: text("materials").array().notNull().default(emptyTextArray),
    badges: text("badges").array().notNull().default(emptyTextArray),
    tags: text("tags").array().notNull().default(emptyTextArray),
    tabDetails: text("tab_details"),
    tabUserGuide: text("tab_user_guide"),
    tabSpecifications: text("tab_specifications"),
    tabWarnings: text("tab_warnings"),
    translations: jsonb("translations").$type<Translations<ProductTexts>>().notNull().default({}),
    soldCount: integer("sold_count").notNull().default(0),
    /**
     * Set on a variant: the product it is a variant of (decision 0038). A variant is the sellable
     * row (its own SKU, price, stock, images, availability; carts, orders and stock point at it);
     * its product carries the shared texts and is not sold itself once it has variants.
     */
    parentId: integer("parent_id").references((): AnyPgColumn => products.id, { onDelete: "cascade" }),
    /** A variant's option value as shoppers read it ("Trắng", "Hộp 3 cái"); English in translations. */
    variantLabel: text("variant_label"),
    /** A variant's place among its siblings. */
    position: integer("position").notNull().default(0),
    /** normalizeSearch(name, description, colour, category name): maintained by the services. */
    searchText: text("search_text").notNull().default(""),
    /** Raised by every save of the product form (not by stock movements: they are deltas). */
    version: rowVersion(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("products_created_at_idx").on(t.createdAt),
    index("products_category_id_idx").on(t.categoryId),
    index("products_active_featured_idx").on(t.isActive, t.isFeatured),
    index("products_sold_count_idx").on(t.soldCount),
    index("products_price_idx").on(t.price),
    // Word search over the accent-free text: to_tsvector('simple', search_text) @@ to_tsquery('simple', 'ban:* & chai:*').
    // (GIN rather than btree: a btree entry is limited to about 2.7 kB, a long description would not fit.)
    index("products_search_text_idx").using("gin", sql`to_tsvector('simple', ${t.searchText})`),
    index("products_parent_id_idx").on(t.parentId, t.position),
    check("products_variant_label_check", sql`${t.parentId} is null or ${t.variantLabel} is not null`),
    check("products_price_check", sql`${t.price} >= 0`),
    check("products_compare_at_price_check", sql`${t.compareAtPrice} is null or ${t.compareAtPrice} >= 0`),
    check("products_stock_quantity_check", sql`${t.stockQuantity} >= 0`),
    check("products_low_stock_threshold_check", sql`${t.lowStockThreshold} >= 0`),
    check("products_sold_count_check", sql`${t.soldCount} >= 0`),
    check("products_color_check", sql`${t.color} is null or ${t.color} in ('white', 'black', 'blue', 'pink')`),
  ],
);

export const productImages = pgTable(
  "product_images",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    alt: text("alt").notNull().default(""),
    /** The English alt text (decision 0021); empty shows the English product name, never the Vietnamese alt. */
    altEn: text("alt_en").notNull().default(""),
    position: integer("position").notNull().default(0),
    width: integer("width"),
    height: integer("height"),
    isCover: boolean("is_cover").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index("product_images_product_position_idx").on(t.productId, t.position)],
);

/** Shops where a product can be seen or picked up (the product page's availability modal). */
export const storeLocations = pgTable(
  "store_locations",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull().unique(),
    city: text("city").notNull(),
    address: text("address").notNull(),
    phone: text("phone"),
    /** Opening hours, every day, as "HH:MM" in the shop's time zone (issue 19, item 6). */
    opensAt: text("opens_at").notNull().default("08:00"),
    closesAt: text("closes_at").notNull().default("21:00"),
    /** A map of the shop (an http(s) link, e.g. its Google Maps page). */
    mapUrl: text("map_url"),
    isActive: boolean("is_active").notNull().default(true),
    displayOrder: integer("display_order").notNull().default(0),
    version: rowVersion(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("store_locations_display_order_idx").on(t.displayOrder),
    check("store_locations_hours_check", sql`${t.opensAt} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and ${t.closesAt} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and ${t.opensAt} < ${t.closesAt}`),
    check("store_locations_map_url_check", sql`${t.mapUrl} is null or ${t.mapUrl} ~ '^https?://'`),
  ],
);

export const storeStock = pgTable(
  "store_stock",
  {
    storeId: integer("store_id")
      .notNull()
      .references(() => storeLocations.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.productId] }),
    index("store_stock_product_id_idx").on(t.productId),
    check("store_stock_quantity_check", sql`${t.quantity} >= 0`),
  ],
);

export type Category = typeof categories.$inferSelect;
export type NewCategory = typeof categories.$inferInsert;
export type Product = typeof products.$inferSelect;
export type NewProduct = typeof products.$inferInsert;
export type ProductImage = typeof productImages.$inferSelect;
export type NewProductImage = typeof productImages.$inferInsert;
export type StoreLocation = typeof storeLocations.$inferSelect;
export type NewStoreLocation = typeof storeLocations.$inferInsert;
export type StoreStock = typeof storeStock.$inferSelect;

/**
 * True for a product that has variants (any, active or not): read by the catalogue and by the
 * cart and checkout, which sit beside the catalogue rather than below it (decision 0048).
 */
export const hasVariantsSql = sql<boolean>`exists (select 1 from ${products} v where v.parent_id = ${products.id})`;
