import { z } from "zod";
import { checkbox, lineList, optionalText, optionalWholeNumber, text, wholeNumber } from "~/lib/form-fields";
import { withEnglishFields, type ProductTexts } from "~/lib/i18n/translated";
import { rowVersionField } from "~/lib/row-version";
import { MAX_STOCK } from "~/features/inventory/inventory.schema";
import { slugField } from "./admin-categories.schema";

export const PRODUCT_PAGE_SIZE = 20;
/** The same values as the products.color check (kept here so the browser bundle has no Drizzle). */
export const productColors = ["white", "black", "blue", "pink"] as const;
const MAX_PRICE = 10_000_000_000;

const PRICE_MESSAGE = "Giá phải là số đồng nguyên, không âm";

// Fields a product and a variant share (the variant form uses the same rules and messages).
const skuField = text().pipe(
  z
    .string()
    .min(1, "Vui lòng nhập SKU")
    .max(64, "SKU tối đa 64 ký tự")
    .regex(/^[A-Za-z0-9._-]+$/, "SKU chỉ gồm chữ không dấu, số, dấu chấm, gạch ngang, gạch dưới"),
);
const compareAtPriceField = optionalWholeNumber({
  min: 0,
  max: MAX_PRICE,
  message: "Giá gốc phải là số đồng nguyên, không âm",
});
const lowStockThresholdField = wholeNumber({
  min: 0,
  max: 1_000_000_000,
  message: "Ngưỡng sắp hết hàng phải là số nguyên không âm",
  fallback: 5,
});
const colorField = z.preprocess(
  (v) => (v === "" || v == null ? null : v),
  z.enum(productColors, { message: "Màu không hợp lệ" }).nullable(),
);
const colorHexField = optionalText(7).refine((v) => v === null || /^#[0-9a-fA-F]{6}$/.test(v), {
  message: "Mã màu dạng #RRGGBB",
});
/** The stock a new product or variant starts with (recorded as an "initial" movement). */
const initialStockField = wholeNumber({
  min: 0,
  max: MAX_STOCK,
  message: "Tồn kho phải là số nguyên không âm",
  fallback: 0,
});

/**
 * The product form's fields (SPEC §2 Admin products, §5 Product form, plus the storefront fields).
 * Stock is not one of them: it changes by adjustments and orders (inventory service), so a save
 * never writes back a number read when the page opened.
 */
const productFields = z.object({
  sku: skuField,
  name: text().pipe(z.string().min(1, "Vui lòng nhập tên sản phẩm").max(200, "Tên tối đa 200 ký tự")),
  slug: slugField("Vui lòng nhập slug"),
  description: text().pipe(z.string().max(10_000, "Mô tả tối đa 10.000 ký tự")),
  price: wholeNumber({ min: 0, max: MAX_PRICE, message: PRICE_MESSAGE }),
  compareAtPrice: compareAtPriceField,
  categoryId: z.preprocess(
    (v) => (typeof v === "string" && /^\d+$/.test(v) ? Number(v) : typeof v === "number" ? v : undefined),
    z.number({ message: "Vui lòng chọn danh mục" }).int().positive("Vui lòng chọn danh mục"),
  ),
  lowStockThreshold: lowStockThresholdField,
  // The packed parcel (issue 16): shipments take their weight and size from these, else the shop's defaults.
  shippingWeightGrams: optionalWholeNumber({ min: 1, max: 50_000, message: "Khối lượng đóng gói từ 1 đến 50.000 g" }),
  shippingLengthCm: optionalWholeNumber({ min: 1, max: 200, message: "Chiều dài từ 1 đến 200 cm" }),
  shippingWidthCm: optionalWholeNumber({ min: 1, max: 200, message: "Chiều rộng từ 1 đến 200 cm" }),
  shippingHeightCm: optionalWholeNumber({ min: 1, max: 200, message: "Chiều cao từ 1 đến 200 cm" }),
  isFeatured: checkbox(),
  isBestSeller: checkbox(),
  trackStock: checkbox(),
  metaTitle: optionalText(200, "Meta title tối đa 200 ký tự"),
  metaDescription: optionalText(500, "Meta description tối đa 500 ký tự"),
  color: colorField,
  colorHex: colorHexField,
  features: lineList(),
  useCases: lineList(),
  materials: lineList(),
  badges: lineList(),
  tags: lineList(),
  shelfLife: optionalText(200),
  weight: optionalText(100),
  tabDetails: optionalText(20_000),
  tabUserGuide: optionalText(20_000),
  tabSpecifications: optionalText(20_000),
  tabWarnings: optionalText(20_000),
  // The English site's texts (decision 0021): empty shows the Vietnamese value.
  en_name: optionalText(200, "Tên tiếng Anh tối đa 200 ký tự"),
  en_description: optionalText(10_000, "Mô tả tiếng Anh tối đa 10.000 ký tự"),
  en_metaTitle: optionalText(200, "Meta title tiếng Anh tối đa 200 ký tự"),
  en_metaDescription: optionalText(500, "Meta description tiếng Anh tối đa 500 ký tự"),
  en_features: lineList(),
  en_useCases: lineList(),
  en_materials: lineList(),
  en_badges: lineList(),
  en_tags: lineList(),
  en_shelfLife: optionalText(200),
  en_weight: optionalText(100),
  en_tabDetails: optionalText(20_000),
  en_tabUserGuide: optionalText(20_000),
  en_tabSpecifications: optionalText(20_000),
  en_tabWarnings: optionalText(20_000),
});

// SPEC §5: meta title defaults to the name, meta description to the description. The en_ fields
// become the row's translations.
function withMetaDefaults<T extends z.output<typeof productFields>>(p: T) {
  return withEnglishFields<T, ProductTexts>({
    ...p,
    metaTitle: p.metaTitle ?? p.name,
    metaDescription: p.metaDescription ?? (p.description === "" ? null : p.description.slice(0, 500)),
  });
}

/** A product save from the edit page: its fields and the version the page was opened with. */
export const productInputSchema = productFields.extend({ version: rowVersionField() }).transform(withMetaDefaults);
export type ProductInput = z.infer<typeof productInputSchema>;

/** A new product: its fields and the stock it starts with (recorded as an "initial" movement). */
export const newProductInputSchema = productFields
  .extend({
    stockQuantity: initialStockField,
  })
  .transform(withMetaDefaults);
export type NewProductInput = z.infer<typeof newProductInputSchema>;

/** List filters from the URL (?q=&category=&stock=&page=). */
export const productListQuerySchema = z.object({
  q: text().pipe(z.string().max(100)).catch(""),
  category: z.coerce.number().int().positive().optional().catch(undefined),
  /** "low": only products with a variant (or themselves) at or below the low-stock threshold. */
  stock: z.enum(["low"]).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

/** An image's alt texts, Vietnamese and English (decision 0021; an empty one shows the product's name). */
export const imageAltSchema = z.object({
  alt: text().pipe(z.string().max(300, "Mô tả ảnh tối đa 300 ký tự")),
  en_alt: text().pipe(z.string().max(300, "Mô tả ảnh (tiếng Anh) tối đa 300 ký tự")),
});

/**
 * A variant's own fields (decision 0038): its option value in both languages, SKU, prices,
 * colour, low-stock threshold and availability. An empty price is the product's price (the
 * service fills it in). Its texts, category and gallery are its product's.
 */
const variantFields = z.object({
  variantLabel: text().pipe(z.string().min(1, "Vui lòng nhập tên biến thể").max(60, "Tên biến thể tối đa 60 ký tự")),
  en_variantLabel: optionalText(60, "Tên biến thể tiếng Anh tối đa 60 ký tự"),
  sku: skuField,
  price: optionalWholeNumber({ min: 0, max: MAX_PRICE, message: PRICE_MESSAGE }),
  compareAtPrice: compareAtPriceField,
  color: colorField,
  colorHex: colorHexField,
  lowStockThreshold: lowStockThresholdField,
  isActive: checkbox(),
});

/** A new variant: its fields and the stock it starts with. */
export const newVariantInputSchema = variantFields.extend({ stockQuantity: initialStockField });
export type NewVariantInput = z.infer<typeof newVariantInputSchema>;

/** A variant save from its edit page, with the version the page was opened with (stock moves by adjustments). */
export const variantInputSchema = variantFields.extend({ version: rowVersionField() });
export type VariantInput = z.infer<typeof variantInputSchema>;
