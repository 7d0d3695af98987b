import type { JsonContentKey } from "./content.schema";

/**
 * What staff read in the sections editor instead of the raw keys (issue 18): a Vietnamese name
 * for every section and every content key, a help text where the key alone says little, and
 * the fields of the JSON lists (edited as rows, not as raw JSON). Browser-safe.
 */

export interface FieldLabel {
  label: string;
  hint?: string;
}

/** Section names by page and section key ("page.section"), falling back to the key alone. */
const sectionNames: Record<string, string> = {
  hero: "Ảnh bìa đầu trang (Hero)",
  brand_description: "Giới thiệu thương hiệu",
  color_chooser: "Chọn màu sản phẩm",
  how_it_works: "Cách hoạt động",
  why_choose: "Vì sao chọn chúng tôi",
  lifestyle_benefits: "Lợi ích theo lối sống",
  testimonials: "Cảm nhận khách hàng",
  trust_indicators: "Cam kết mua sắm",
  instagram_gallery: "Bộ sưu tập Instagram",
  intro: "Phần mở đầu",
  mission: "Sứ mệnh",
  technology: "Công nghệ",
  header: "Đầu trang",
  articles: "Danh sách bài viết",
  benefits: "Lợi ích",
  specifications: "Thông số kỹ thuật",
  warranty: "Bảo hành",
  manual: "Hướng dẫn sử dụng",
  cta: "Lời kêu gọi mua hàng",
  brand: "Thương hiệu",
  newsletter: "Đăng ký nhận tin",
  links: "Liên kết",
  contact: "Liên hệ",
  bottom: "Dòng cuối trang",
  announcement: "Thông báo",
};

/** The Vietnamese name of a section, or its key made readable when unknown. */
export function sectionName(sectionKey: string): string {
  const name = sectionNames[sectionKey];
  if (name) return name;
  const label = sectionKey.replace(/_/g, " ");
  return label.charAt(0).toUpperCase() + label.slice(1);
}

const placeholderHint = "Có thể dùng {free_shipping_threshold} (mức miễn phí giao hàng) và {year} (năm hiện tại).";

/** Labels of the content keys, the same in every section unless a section names its own. */
const keyLabels: Record<string, FieldLabel> = {
  heading: { label: "Tiêu đề" },
  heading_highlight: { label: "Phần tiêu đề được tô màu", hint: "Hiện ngay sau tiêu đề, bằng màu nhấn." },
  title: { label: "Tiêu đề" },
  subtitle: { label: "Dòng phụ dưới tiêu đề" },
  description: { label: "Mô tả", hint: placeholderHint },
  sub_description: { label: "Dòng ghi chú nhỏ", hint: placeholderHint },
  button_text: { label: "Chữ trên nút" },
  cta_text: { label: "Chữ trên nút phụ" },
  background_image: { label: "Ảnh" },
  background_color: { label: "Màu nền" },
  color_1_name: { label: "Tên màu 1" },
  color_2_name: { label: "Tên màu 2" },
  color_3_name: { label: "Tên màu 3" },
  color_4_name: { label: "Tên màu 4" },
  lifestyle_heading: { label: "Tiêu đề khung ảnh lối sống" },
  lifestyle_description: { label: "Mô tả khung ảnh lối sống" },
  manual_url: {
    label: "Đường dẫn tệp hướng dẫn (PDF)",
    hint: "Đường dẫn bắt đầu bằng / hoặc URL https://",
  },
  tagline: { label: "Khẩu hiệu" },
  newsletter_heading: { label: "Tiêu đề đăng ký nhận tin" },
  newsletter_description: { label: "Mô tả đăng ký nhận tin" },
  support_hours: { label: "Giờ hỗ trợ" },
  support_email: { label: "Email hỗ trợ" },
  copyright: { label: "Dòng bản quyền", hint: placeholderHint },
  text: { label: "Nội dung thông báo", hint: placeholderHint },
  // JSON lists
  steps: { label: "Các bước" },
  features: { label: "Các điểm nổi bật" },
  benefits: { label: "Các nhóm lợi ích" },
  testimonials: { label: "Các cảm nhận" },
  indicators: { label: "Các cam kết" },
  images: { label: "Các ảnh" },
  about_links: { label: "Liên kết cột “Về chúng tôi”" },
  support_links: { label: "Liên kết cột “Hỗ trợ”" },
  social_links: { label: "Mạng xã hội" },
  items: { label: "Các lý do" },
  articles: { label: "Các bài viết" },
  specs: { label: "Các thông số" },
};

/** A section's own name for a key ("section.key"), where the shared one would mislead. */
const sectionKeyLabels: Record<string, FieldLabel> = {
  "hero.background_image": { label: "Ảnh lớn đầu trang" },
  "brand_description.background_image": { label: "Ảnh minh họa" },
  "lifestyle_benefits.background_image": { label: "Ảnh khung lối sống" },
  "lifestyle_benefits.button_text": { label: "Chữ trên nút khung lối sống" },
  "color_chooser.button_text": { label: "Chữ trên nút mua theo màu" },
  "instagram_gallery.heading": { label: "Tiêu đề (hashtag)" },
  "instagram_gallery.button_text": { label: "Chữ trên nút theo dõi Instagram" },
  "newsletter.button_text": { label: "Chữ trên nút đăng ký" },
  "contact.button_text": { label: "Chữ trên nút liên hệ" },
  "manual.button_text": { label: "Chữ trên nút tải hướng dẫn" },
  "announcement.background_color": { label: "Màu nền thanh thông báo" },
  "technology.benefits": { label: "Các nhóm lợi ích" },
  "warranty.indicators": { label: "Các cam kết bảo hành" },
  "how_it_works.steps": { label: "Các bước" },
};

/** The label of a content key in a section, or null when none is known (the editor then shows the key). */
export function contentKeyLabel(sectionKey: string, contentKey: string): FieldLabel | null {
  return sectionKeyLabels[`${sectionKey}.${contentKey}`] ?? keyLabels[contentKey] ?? null;
}

/** The kind of control a field of a list item gets. */
export type ItemFieldKind = "text" | "textarea" | "image" | "link" | "icon" | "rating" | "palette" | "lines";

export interface ItemField extends FieldLabel {
  name: string;
  kind: ItemFieldKind;
  /** May be left empty: the property is then left out of the saved JSON. */
  optional?: boolean;
}

/** How the editor treats a JSON key: a list of objects, a list of texts, or one object of fields. */
export type JsonEditorShape =
  | { shape: "objects"; item: string; fields: ItemField[]; id?: "id" | "number" }
  | { shape: "texts"; item: string; field: FieldLabel }
  | { shape: "object"; fields: ItemField[] };

const iconHint = "Tên biểu tượng Lucide, ví dụ shield-check, timer, users";
const linkHint = "Đường dẫn bắt đầu bằng /, URL https://, mailto: hoặc tel:";
const imageHint = "Đường dẫn bắt đầu bằng / hoặc URL https://";

const linkFields: ItemField[] = [
  { name: "text", label: "Chữ hiển thị", kind: "text" },
  { name: "url", label: "Đường dẫn", kind: "link", hint: linkHint },
];

/** The row editors of every JSON key in content.schema.ts (a test keeps the two in step). */
export const jsonEditors: Record<JsonContentKey, JsonEditorShape> = {
  steps: {
    shape: "objects",
    item: "Bước",
    id: "number",
    fields: [
      { name: "title", label: "Tiêu đề", kind: "text" },
      { name: "description", label: "Mô tả", kind: "textarea" },
    ],
  },
  features: {
    shape: "objects",
    item: "Điểm nổi bật",
    id: "id",
    fields: [
      { name: "title", label: "Tiêu đề", kind: "text" },
      { name: "description", label: "Mô tả", kind: "textarea" },
      { name: "highlight", label: "Con số nổi bật", kind: "text", optional: true, hint: "Ví dụ 99.9%" },
      { name: "icon", label: "Biểu tượng", kind: "icon", hint: iconHint },
    ],
  },
  benefits: {
    shape: "objects",
    item: "Nhóm lợi ích",
    id: "id",
    fields: [
      { name: "title", label: "Tiêu đề", kind: "text" },
      { name: "items", label: "Các ý (mỗi dòng một ý)", kind: "lines" },
      { name: "icon", label: "Biểu tượng", kind: "icon", hint: iconHint },
      { name: "color", label: "Màu thẻ", kind: "palette" },
    ],
  },
  testimonials: {
    shape: "objects",
    item: "Cảm nhận",
    id: "id",
    fields: [
      { name: "name", label: "Tên khách hàng", kind: "text" },
      { name: "role", label: "Giới thiệu ngắn", kind: "text", hint: "Ví dụ: Mẹ của hai bé, Hà Nội" },
      { name: "text", label: "Lời cảm nhận", kind: "textarea" },
      { name: "rating", label: "Số sao (0–5)", kind: "rating" },
    ],
  },
  indicators: {
    shape: "objects",
    item: "Cam kết",
    id: "id",
    fields: [
      { name: "title", label: "Tiêu đề", kind: "text" },
      { name: "description", label: "Mô tả", kind: "textarea" },
      { name: "badge", label: "Nhãn", kind: "text" },
      { name: "icon", label: "Biểu tượng", kind: "icon", hint: iconHint },
    ],
  },
  images: {
    shape: "objects",
    item: "Ảnh",
    id: "id",
    fields: [
      { name: "image", label: "Ảnh", kind: "image", hint: imageHint },
      { name: "alt", label: "Mô tả ảnh (cho người dùng trình đọc màn hình)", kind: "text" },
    ],
  },
  about_links: { shape: "objects", item: "Liên kết", fields: linkFields },
  support_links: { shape: "objects", item: "Liên kết", fields: linkFields },
  social_links: {
    shape: "object",
    fields: [
      { name: "facebook", label: "Trang Facebook", kind: "link", hint: "URL https:// (để trống: ẩn)" },
      { name: "instagram", label: "Trang Instagram", kind: "link", hint: "URL https:// (để trống: ẩn)" },
    ],
  },
  items: { shape: "texts", item: "Lý do", field: { label: "Nội dung" } },
  articles: {
    shape: "objects",
    item: "Bài viết",
    id: "id",
    fields: [
      { name: "title", label: "Tiêu đề", kind: "text" },
      { name: "excerpt", label: "Tóm tắt", kind: "textarea" },
      { name: "category", label: "Chuyên mục", kind: "text" },
      { name: "status", label: "Nhãn trạng thái", kind: "text", hint: "Ví dụ: Sắp ra mắt" },
      { name: "date", label: "Ngày", kind: "text", optional: true, hint: "Ví dụ: Tháng 12/2026" },
      { name: "url", label: "Đường dẫn bài viết", kind: "link", optional: true, hint: linkHint },
      { name: "image", label: "Ảnh", kind: "image", optional: true, hint: imageHint },
      { name: "image_alt", label: "Mô tả ảnh", kind: "text", optional: true },
    ],
  },
  specs: {
    shape: "objects",
    item: "Thông số",
    fields: [
      { name: "label", label: "Tên thông số", kind: "text" },
      { name: "value", label: "Giá trị", kind: "text" },
    ],
  },
};

/** The brand palette a benefit card may use (see lifestyle-benefits-section.tsx). */
export const paletteOptions: Array<{ value: string; label: string }> = [
  { value: "mint-green", label: "Xanh bạc hà" },
  { value: "lavender", label: "Tím oải hương" },
  { value: "butter-yellow", label: "Vàng bơ" },
  { value: "coral", label: "San hô" },
  { value: "teal", label: "Xanh mòng két" },
];

/** The label of a field of a list item, by its property name (for messages about a saved value). */
export function itemFieldLabel(key: string, property: string): string | null {
  const editor = (jsonEditors as Record<string, JsonEditorShape | undefined>)[key];
  if (!editor || editor.shape === "texts") return null;
  return editor.fields.find((field) => field.name === property)?.label ?? null;
}
