import { z } from "zod";
import { checkbox, optionalText, text } from "~/lib/form-fields";
import { withEnglishFields, type CategoryTexts } from "~/lib/i18n/translated";
import { isSiteOrHttpUrl } from "~/lib/urls";

export const CATEGORY_NAME_REQUIRED = "Vui lòng nhập tên danh mục";
export const SLUG_FORMAT_MESSAGE = "Slug chỉ gồm chữ thường không dấu, số và dấu gạch ngang (vd: phu-kien-du-lich)";

export const slugField = (requiredMessage: string) =>
  text()
    .pipe(z.string().min(1, requiredMessage).max(200, "Slug tối đa 200 ký tự"))
    .pipe(z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, SLUG_FORMAT_MESSAGE));

/** An image: a site path (/images/…, /uploads/…) or an http(s) URL. */
export const imageUrlField = () =>
  optionalText(2000).refine((v) => v === null || isSiteOrHttpUrl(v), {
    message: "Ảnh phải là đường dẫn bắt đầu bằng / hoặc một URL http(s)",
  });

/**
 * The category dialog (SPEC §5 Category): name*, slug*, description, image, display order, active,
 * and the English site's name and description (empty: the Vietnamese ones show).
 */
export const categoryInputSchema = z
  .object({
    name: text().pipe(z.string().min(1, CATEGORY_NAME_REQUIRED).max(200, "Tên tối đa 200 ký tự")),
    slug: slugField(CATEGORY_NAME_REQUIRED),
    description: optionalText(2000),
    image: imageUrlField(),
    // SPEC: parsed as an integer, 0 when it is not a number.
    displayOrder: z.preprocess((v) => {
      const n = Number.parseInt(typeof v === "string" ? v : String(v ?? ""), 10);
      return Number.isFinite(n) ? Math.max(-1_000_000, Math.min(1_000_000, n)) : 0;
    }, z.number().int()),
    isActive: checkbox(),
    en_name: optionalText(200, "Tên tiếng Anh tối đa 200 ký tự"),
    en_description: optionalText(2000, "Mô tả tiếng Anh tối đa 2.000 ký tự"),
  })
  .transform((values) => withEnglishFields<typeof values, CategoryTexts>(values));

export type CategoryInput = z.infer<typeof categoryInputSchema>;
