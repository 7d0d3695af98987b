import { useState } from "react";
import { Input, Textarea } from "~/components/ui/input";
import { isSiteOrHttpUrl } from "~/lib/urls";
import { FormField, Label } from "~/components/ui/label";
import { Switch } from "~/components/ui/switch";
import { slugify } from "~/lib/text";
import { categoryInputSchema } from "../admin-categories.schema";
import { FormDialog, useDialogForm, type DialogReload } from "~/components/ui/form-dialog";
import { ImageWithFallback } from "~/components/ui/image-with-fallback";
import type { CategoryTexts, Translations } from "~/lib/i18n/translated";

interface EditableCategory {
  id: number;
  version: number;
  name: string;
  slug: string;
  description: string | null;
  image: string | null;
  displayOrder: number;
  isActive: boolean;
  translations: Translations<CategoryTexts>;
}

/**
 * The SPEC dialog 'Tạo danh mục mới' / 'Sửa danh mục'. The slug follows the name until edited by
 * hand. An edit sends the version the dialog opened with; `reload` is the page's "Tải lại".
 */
export function CategoryDialog({
  category,
  onClose,
  reload,
}: {
  category: EditableCategory | null;
  onClose: () => void;
  reload: DialogReload;
}) {
  const form = useDialogForm(
    categoryInputSchema,
    {
      create: { title: "Thành công", description: "Đã tạo danh mục mới" },
      update: { title: "Thành công", description: "Đã cập nhật danh mục" },
    },
    onClose,
  );
  const editing = category !== null;
  const [name, setName] = useState(category?.name ?? "");
  const [slug, setSlug] = useState(category?.slug ?? "");
  const [slugTouched, setSlugTouched] = useState(editing);
  const [image, setImage] = useState(category?.image ?? "");
  const [isActive, setIsActive] = useState(category?.isActive ?? true);
  const { errors } = form;

  return (
    <FormDialog
      form={form}
      row={category}
      title={editing ? "Sửa danh mục" : "Tạo danh mục mới"}
      description="Các trường có dấu * là bắt buộc."
      onClose={onClose}
      reload={reload}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="category-name" label="Tên danh mục" required error={errors.name}>
          {(field) => (
            <Input
              {...field}
              name="name"
              value={name}
              autoComplete="off"
              onChange={(e) => {
                setName(e.target.value);
                if (!slugTouched) setSlug(slugify(e.target.value));
              }}
            />
          )}
        </FormField>
        <FormField id="category-slug" label="Slug" required error={errors.slug} hint="Tự tạo từ tên; có thể sửa.">
          {(field) => (
            <Input
              {...field}
              name="slug"
              value={slug}
              autoComplete="off"
              spellCheck={false}
              onChange={(e) => {
                setSlug(e.target.value);
                setSlugTouched(true);
              }}
            />
          )}
        </FormField>
      </div>
      <FormField id="category-description" label="Mô tả" error={errors.description}>
        {(field) => <Textarea {...field} name="description" defaultValue={category?.description ?? ""} rows={3} />}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id="category-en-name"
          label="Tên (English)"
          error={errors.en_name}
          hint="Trống: dùng tên tiếng Việt trên trang /en."
        >
          {(field) => (
            <Input
              {...field}
              name="en_name"
              defaultValue={category?.translations.en?.name ?? ""}
              placeholder={name}
              lang="en"
              autoComplete="off"
            />
          )}
        </FormField>
        <FormField id="category-en-description" label="Mô tả (English)" error={errors.en_description}>
          {(field) => (
            <Textarea
              {...field}
              name="en_description"
              defaultValue={category?.translations.en?.description ?? ""}
              rows={2}
              lang="en"
            />
          )}
        </FormField>
      </div>
      <div className="grid gap-4 sm:grid-cols-[1fr_auto] sm:items-start">
        <FormField
          id="category-image"
          label="URL hình ảnh"
          error={errors.image}
          hint="Đường dẫn /images/… hoặc https://…"
        >
          {(field) => (
            <Input {...field} name="image" value={image} onChange={(e) => setImage(e.target.value)} inputMode="url" />
          )}
        </FormField>
        <ImageWithFallback
          src={isSiteOrHttpUrl(image) ? image.trim() : "/images/placeholder.svg"}
          alt="Xem trước ảnh danh mục"
          width={88}
          height={88}
          className="size-22 rounded-lg border border-brand-charcoal/10 bg-brand-white object-cover"
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2 sm:items-end">
        <FormField id="category-order" label="Thứ tự hiển thị" error={errors.displayOrder}>
          {(field) => (
            <Input {...field} name="displayOrder" type="number" step={1} defaultValue={category?.displayOrder ?? 0} />
          )}
        </FormField>
        <div className="flex h-11 items-center gap-3">
          <Switch id="category-active" name="isActive" checked={isActive} onCheckedChange={setIsActive} />
          <Label htmlFor="category-active">Hiển thị trên cửa hàng</Label>
        </div>
      </div>
    </FormDialog>
  );
}
