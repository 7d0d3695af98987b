import { useState, type FormEvent } from "react";
import { UnsavedChangesGuard } from "~/components/ui/unsaved-changes";
import type { useFetcher } from "react-router";
import { Input, Select, Textarea } from "~/components/ui/input";
import { FormField } from "~/components/ui/label";
import type { ActionFeedbackResult } from "~/components/ui/use-action-feedback";
import { slugify } from "~/lib/text";
import { staleRowMessage } from "~/lib/row-version";
import type { ProductTexts, Translations } from "~/lib/i18n/translated";
import { newProductInputSchema, productInputSchema } from "../admin-products.schema";
import { CatalogFormFooter, PriceFields, StockFields, useCatalogForm } from "./catalog-form-core";
import { Card, ColorFields, SwitchRow } from "./form-parts";
import { NewProductImages } from "./new-product-images";

/** The product as the form edits it (a stored product, or blanks for a new one). */
export interface ProductFormValues {
  sku: string;
  name: string;
  slug: string;
  description: string;
  price: number | null;
  compareAtPrice: number | null;
  categoryId: number | null;
  stockQuantity: number;
  lowStockThreshold: number;
  shippingWeightGrams: number | null;
  shippingLengthCm: number | null;
  shippingWidthCm: number | null;
  shippingHeightCm: number | null;
  isFeatured: boolean;
  isBestSeller: boolean;
  trackStock: boolean;
  metaTitle: string | null;
  metaDescription: string | null;
  color: string | null;
  colorHex: string | null;
  features: string[];
  useCases: string[];
  materials: string[];
  badges: string[];
  tags: string[];
  shelfLife: string | null;
  weight: string | null;
  tabDetails: string | null;
  tabUserGuide: string | null;
  tabSpecifications: string | null;
  tabWarnings: string | null;
  /** The English site's texts (empty: the Vietnamese ones show). */
  translations: Translations<ProductTexts>;
  /** The stored row's version (edit only): sent back so a save over a newer row is refused. */
  version?: number;
}

/** What a save over a product changed since the page opened answers (decision 0014). */
export const STALE_PRODUCT_MESSAGE = staleRowMessage("Sản phẩm");

export const emptyProduct: ProductFormValues = {
  sku: "",
  name: "",
  slug: "",
  description: "",
  price: null,
  compareAtPrice: null,
  categoryId: null,
  stockQuantity: 0,
  lowStockThreshold: 5,
  shippingWeightGrams: null,
  shippingLengthCm: null,
  shippingWidthCm: null,
  shippingHeightCm: null,
  isFeatured: false,
  isBestSeller: false,
  trackStock: true,
  metaTitle: null,
  metaDescription: null,
  color: null,
  colorHex: null,
  features: [],
  useCases: [],
  materials: [],
  badges: [],
  tags: [],
  shelfLife: null,
  weight: null,
  tabDetails: null,
  tabUserGuide: null,
  tabSpecifications: null,
  tabWarnings: null,
  translations: {},
};

/**
 * The create/edit product form (SPEC §2, §5): validated in the browser with the server's schema
 * before it is sent; the server checks again and its field messages show next to the fields.
 * Stock is typed only for a new product (its initial stock); afterwards it changes through the
 * product page's "Tồn kho" panel. An edit carries the version it was opened with: when someone
 * saved the product since, the server refuses and what was typed stays, with a way to reload (the
 * page keys the form by version, so the reload shows the newest product).
 */
export function ProductForm({
  product,
  categories,
  intent,
  fetcher,
  submitLabel,
  hasVariants = false,
}: {
  product: ProductFormValues;
  /** Its variants hold the stock (decision 0038): no stock of its own to adjust or track. */
  hasVariants?: boolean;
  categories: Array<{ id: number; name: string }>;
  intent: "create" | "update";
  fetcher: ReturnType<typeof useFetcher<ActionFeedbackResult>>;
  submitLabel: string;
}) {
  const [name, setName] = useState(product.name);
  const [slug, setSlug] = useState(product.slug);
  const [slugTouched, setSlugTouched] = useState(intent === "update");
  const { form, failure, errors, clientErrors, setClientErrors, busy, dirty, checkWith } = useCatalogForm({
    fetcher,
    intent,
    version: product.version,
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    // A picked file the browser refused (type, size) stands until another is picked.
    if (clientErrors.images) {
      event.preventDefault();
      event.currentTarget.querySelector<HTMLElement>('[name="images"]')?.focus();
      return;
    }
    checkWith(intent === "create" ? newProductInputSchema : productInputSchema, event);
  }

  const lines = (list: string[]) => list.join("\n");
  const categoryMissing = product.categoryId !== null && !categories.some((c) => c.id === product.categoryId);

  return (
    <fetcher.Form
      ref={form}
      method="post"
      encType={intent === "create" ? "multipart/form-data" : undefined}
      onSubmit={onSubmit}
      noValidate
      className="grid grid-cols-1 gap-4 xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]"
      aria-label="Thông tin sản phẩm"
    >
      <UnsavedChangesGuard dirty={dirty && !busy} />
      <input type="hidden" name="intent" value={intent} />
      {product.version !== undefined && <input type="hidden" name="version" value={product.version} />}
      {/* One column below xl (cards reordered: essentials first); two columns from xl. */}
      <div className="contents xl:flex xl:flex-col xl:gap-4">
        <Card title="Thông tin cơ bản" className="order-1">
          <div className="grid gap-4 md:grid-cols-2">
            <FormField id="product-name" label="Tên sản phẩm" required error={errors.name}>
              {(f) => (
                <Input
                  {...f}
                  name="name"
                  value={name}
                  required
                  onChange={(e) => {
                    setName(e.target.value);
                    if (!slugTouched) setSlug(slugify(e.target.value));
                  }}
                />
              )}
            </FormField>
            <FormField id="product-sku" label="SKU" required error={errors.sku}>
              {(f) => (
                <Input {...f} name="sku" defaultValue={product.sku} required autoComplete="off" spellCheck={false} />
              )}
            </FormField>
          </div>
          <FormField
            id="product-slug"
            label="Slug"
            required
            error={errors.slug}
            hint="Tự tạo từ tên (không dấu, đ → d); có thể sửa."
          >
            {(f) => (
              <Input
                {...f}
                name="slug"
                value={slug}
                required
                spellCheck={false}
                onChange={(e) => {
                  setSlug(e.target.value);
                  setSlugTouched(true);
                }}
              />
            )}
          </FormField>
          <FormField id="product-description" label="Mô tả" error={errors.description}>
            {(f) => <Textarea {...f} name="description" defaultValue={product.description} rows={5} />}
          </FormField>
        </Card>

        <Card title="Nội dung trang sản phẩm" description="Danh sách: mỗi dòng một mục." className="order-4">
          <div className="grid gap-4 md:grid-cols-2">
            <FormField id="product-features" label="Tính năng" error={errors.features}>
              {(f) => <Textarea {...f} name="features" defaultValue={lines(product.features)} rows={4} />}
            </FormField>
            <FormField id="product-use-cases" label="Công dụng" error={errors.useCases}>
              {(f) => <Textarea {...f} name="useCases" defaultValue={lines(product.useCases)} rows={4} />}
            </FormField>
            <FormField id="product-materials" label="Chất liệu" error={errors.materials}>
              {(f) => <Textarea {...f} name="materials" defaultValue={lines(product.materials)} rows={3} />}
            </FormField>
            <FormField id="product-badges" label="Nhãn (badges)" error={errors.badges}>
              {(f) => <Textarea {...f} name="badges" defaultValue={lines(product.badges)} rows={3} />}
            </FormField>
            <FormField id="product-tags" label="Thẻ (tags)" error={errors.tags}>
              {(f) => <Textarea {...f} name="tags" defaultValue={lines(product.tags)} rows={3} />}
            </FormField>
            <div className="flex flex-col gap-4">
              <FormField id="product-shelf-life" label="Hạn sử dụng / tuổi thọ" error={errors.shelfLife}>
                {(f) => <Input {...f} name="shelfLife" defaultValue={product.shelfLife ?? ""} />}
              </FormField>
              <FormField id="product-weight" label="Trọng lượng" error={errors.weight}>
                {(f) => <Input {...f} name="weight" defaultValue={product.weight ?? ""} />}
              </FormField>
            </div>
          </div>
          <FormField id="product-tab-details" label="Tab: Chi tiết" error={errors.tabDetails}>
            {(f) => <Textarea {...f} name="tabDetails" defaultValue={product.tabDetails ?? ""} rows={5} />}
          </FormField>
          <FormField id="product-tab-guide" label="Tab: Hướng dẫn sử dụng" error={errors.tabUserGuide}>
            {(f) => <Textarea {...f} name="tabUserGuide" defaultValue={product.tabUserGuide ?? ""} rows={4} />}
          </FormField>
          <FormField id="product-tab-specs" label="Tab: Thông số kỹ thuật" error={errors.tabSpecifications}>
            {(f) => (
              <Textarea {...f} name="tabSpecifications" defaultValue={product.tabSpecifications ?? ""} rows={4} />
            )}
          </FormField>
          <FormField id="product-tab-warnings" label="Tab: Lưu ý an toàn" error={errors.tabWarnings}>
            {(f) => <Textarea {...f} name="tabWarnings" defaultValue={product.tabWarnings ?? ""} rows={3} />}
          </FormField>
        </Card>

        <EnglishTexts product={product} errors={errors} />

        <Card title="SEO" description="Để trống: dùng tên và mô tả sản phẩm." className="order-5">
          <FormField id="product-meta-title" label="Meta title" error={errors.metaTitle}>
            {(f) => <Input {...f} name="metaTitle" defaultValue={product.metaTitle ?? ""} placeholder={name} />}
          </FormField>
          <FormField id="product-meta-description" label="Meta description" error={errors.metaDescription}>
            {(f) => <Textarea {...f} name="metaDescription" defaultValue={product.metaDescription ?? ""} rows={3} />}
          </FormField>
        </Card>
      </div>

      <div className="contents xl:flex xl:flex-col xl:gap-4">
        <Card title="Giá & tồn kho" className="order-2">
          <PriceFields
            idPrefix="product"
            price={product.price}
            compareAtPrice={product.compareAtPrice}
            errors={errors}
          />
          <div className="grid grid-cols-2 gap-3">
            <StockFields
              idPrefix="product"
              initialStock={intent === "create" ? product.stockQuantity : null}
              lowStockThreshold={product.lowStockThreshold}
              errors={errors}
              elsewhere={
                hasVariants
                  ? { href: "#variants", label: "Ở từng biến thể" }
                  : { href: "#stock", label: "Điều chỉnh ở mục Tồn kho" }
              }
            />
          </div>
          {!hasVariants && (
            <SwitchRow
              id="product-track-stock"
              name="trackStock"
              label="Theo dõi tồn kho"
              hint="Trừ kho khi có đơn; hết hàng thì không bán."
              defaultChecked={product.trackStock}
            />
          )}
          <div className="mt-4 grid grid-cols-1 gap-4 border-t border-brand-charcoal/10 pt-4">
            <p className="text-xs text-brand-cool-gray">
              Đóng gói để giao hàng (không bắt buộc): dùng cho khối lượng và kích thước vận đơn.
            </p>
            <FormField id="product-ship-weight" label="Khối lượng đóng gói (g)" error={errors.shippingWeightGrams}>
              {(f) => (
                <Input
                  {...f}
                  name="shippingWeightGrams"
                  type="number"
                  min={1}
                  step={1}
                  inputMode="numeric"
                  defaultValue={product.shippingWeightGrams ?? ""}
                />
              )}
            </FormField>
            <fieldset className="flex flex-col gap-1.5">
              <legend className="mb-1.5 text-sm font-medium">Kích thước (D × R × C, cm)</legend>
              <div className="grid grid-cols-3 gap-2">
                {(
                  [
                    ["shippingLengthCm", "Dài"],
                    ["shippingWidthCm", "Rộng"],
                    ["shippingHeightCm", "Cao"],
                  ] as const
                ).map(([name, label]) => (
                  <Input
                    key={name}
                    name={name}
                    type="number"
                    min={1}
                    max={200}
                    step={1}
                    inputMode="numeric"
                    aria-label={`${label} (cm)`}
                    placeholder={label}
                    aria-invalid={errors[name] ? true : undefined}
                    defaultValue={product[name] ?? ""}
                  />
                ))}
              </div>
              {(errors.shippingLengthCm || errors.shippingWidthCm || errors.shippingHeightCm) && (
                <p className="text-sm text-red-700">
                  {errors.shippingLengthCm ?? errors.shippingWidthCm ?? errors.shippingHeightCm}
                </p>
              )}
            </fieldset>
          </div>
        </Card>

        {intent === "create" && (
          <Card
            title="Hình ảnh"
            description="JPEG, PNG, WebP hoặc AVIF, tối đa 5 MB mỗi ảnh, tối đa 10 ảnh. Ảnh đầu tiên là ảnh bìa."
            className="order-3"
          >
            <NewProductImages
              error={errors.images}
              onError={(message) => setClientErrors((c) => ({ ...c, images: message ?? "" }))}
            />
          </Card>
        )}
        <Card title="Phân loại" className="order-3">
          <FormField id="product-category" label="Danh mục" required error={errors.categoryId}>
            {(f) => (
              <Select {...f} name="categoryId" defaultValue={product.categoryId ?? ""}>
                <option value="">— Chọn danh mục —</option>
                {categoryMissing && <option value={product.categoryId ?? ""}>(Danh mục hiện tại đang ẩn)</option>}
                {categories.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          <ColorFields idPrefix="product" color={product.color} colorHex={product.colorHex} errors={errors} />
          <SwitchRow
            id="product-featured"
            name="isFeatured"
            label="Sản phẩm nổi bật"
            defaultChecked={product.isFeatured}
          />
          <SwitchRow
            id="product-best-seller"
            name="isBestSeller"
            label="Bán chạy"
            defaultChecked={product.isBestSeller}
          />
        </Card>

        <CatalogFormFooter
          failure={failure}
          staleMessage={STALE_PRODUCT_MESSAGE}
          dirty={dirty}
          busy={busy}
          submitLabel={submitLabel}
          className={{ failure: "order-6", saveBar: "order-7" }}
        />
      </div>
    </fetcher.Form>
  );
}

/**
 * The product's texts on the English site (/en), each beside the Vietnamese one it replaces
 * (shown as the placeholder). An empty field shows the Vietnamese text there.
 */
function EnglishTexts({ product, errors }: { product: ProductFormValues; errors: Record<string, string | undefined> }) {
  const en = product.translations.en ?? {};
  const lines = (list: string[] | undefined) => (list ?? []).join("\n");
  const text = (field: keyof ProductTexts, label: string, vietnamese: string | null, rows = 0) => (
    <FormField id={`product-en-${field}`} label={label} error={errors[`en_${field}`]}>
      {(f) =>
        rows > 0 ? (
          <Textarea
            {...f}
            name={`en_${field}`}
            defaultValue={String(en[field] ?? "")}
            placeholder={vietnamese ?? ""}
            rows={rows}
            lang="en"
          />
        ) : (
          <Input
            {...f}
            name={`en_${field}`}
            defaultValue={String(en[field] ?? "")}
            placeholder={vietnamese ?? ""}
            lang="en"
          />
        )
      }
    </FormField>
  );
  const list = (field: "features" | "useCases" | "materials" | "badges" | "tags", label: string, rows: number) => (
    <FormField id={`product-en-${field}`} label={label} error={errors[`en_${field}`]}>
      {(f) => (
        <Textarea
          {...f}
          name={`en_${field}`}
          defaultValue={lines(en[field])}
          placeholder={lines(product[field])}
          rows={rows}
          lang="en"
        />
      )}
    </FormField>
  );
  return (
    <Card
      title="Tiếng Anh (English)"
      description="Nội dung trang tiếng Anh (/en). Ô để trống dùng nội dung tiếng Việt (hiện mờ trong ô). Danh sách: mỗi dòng một mục, cùng thứ tự với tiếng Việt."
      className="order-4"
    >
      <div className="grid gap-4 md:grid-cols-2">
        {text("name", "Tên sản phẩm (English)", product.name)}
        {text("metaTitle", "Meta title (English)", product.metaTitle)}
      </div>
      {text("description", "Mô tả (English)", product.description, 4)}
      {text("metaDescription", "Meta description (English)", product.metaDescription, 2)}
      <div className="grid gap-4 md:grid-cols-2">
        {list("features", "Tính năng (English)", 4)}
        {list("useCases", "Công dụng (English)", 4)}
        {list("materials", "Chất liệu (English)", 3)}
        {list("badges", "Nhãn (English)", 3)}
        {list("tags", "Thẻ (English)", 3)}
        <div className="flex flex-col gap-4">
          {text("shelfLife", "Hạn sử dụng / tuổi thọ (English)", product.shelfLife)}
          {text("weight", "Trọng lượng (English)", product.weight)}
        </div>
      </div>
      {text("tabDetails", "Tab: Chi tiết (English)", product.tabDetails, 4)}
      {text("tabUserGuide", "Tab: Hướng dẫn sử dụng (English)", product.tabUserGuide, 3)}
      {text("tabSpecifications", "Tab: Thông số kỹ thuật (English)", product.tabSpecifications, 3)}
      {text("tabWarnings", "Tab: Lưu ý an toàn (English)", product.tabWarnings, 3)}
    </Card>
  );
}
