import { useEffect, useState } from "react";
import { FilePicker } from "~/components/ui/file-picker";
import { Input } from "~/components/ui/input";
import { FormField, Label } from "~/components/ui/label";
import { IMAGE_SIZE_MESSAGE, IMAGE_UPLOAD_ACCEPT, MAX_IMAGE_BYTES } from "~/lib/image-variants";

/** At most this many images are chosen with a new product (the edit page's batch size). */
export const MAX_NEW_PRODUCT_IMAGES = 10;

/** A chosen image of a new product, previewed from memory until the create uploads it. */
interface ChosenImage {
  name: string;
  url: string;
}

/**
 * The images of a new product (issue 18): chosen with the Vietnamese file picker, each previewed
 * with its alt text field, and sent with the create itself (the server checks them like the edit
 * page's uploads; a refused image creates nothing).
 */
export function NewProductImages({ error, onError }: { error?: string; onError: (message: string | null) => void }) {
  const [chosen, setChosen] = useState<ChosenImage[]>([]);
  // The in-memory previews are released when replaced or when the form goes.
  useEffect(() => () => chosen.forEach((image) => URL.revokeObjectURL(image.url)), [chosen]);
  const choose = (files: File[]) => {
    const tooBig = files.find((file) => file.size > MAX_IMAGE_BYTES);
    onError(
      files.length > MAX_NEW_PRODUCT_IMAGES
        ? `Tối đa ${MAX_NEW_PRODUCT_IMAGES} ảnh mỗi lần tải lên`
        : tooBig
          ? `${tooBig.name}: ${IMAGE_SIZE_MESSAGE}`
          : null,
    );
    setChosen(files.map((file) => ({ name: file.name, url: URL.createObjectURL(file) })));
  };
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="product-new-images">Chọn ảnh sản phẩm</Label>
        <FilePicker
          id="product-new-images"
          buttonLabel="Chọn ảnh"
          name="images"
          accept={IMAGE_UPLOAD_ACCEPT}
          multiple
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "product-new-images-error" : undefined}
          onChange={(e) => choose([...(e.currentTarget.files ?? [])])}
        />
        {error && (
          <p id="product-new-images-error" className="text-sm text-red-700">
            {error}
          </p>
        )}
      </div>
      {chosen.length > 0 && (
        <ol className="flex flex-col gap-3" aria-label="Ảnh đã chọn">
          {chosen.map((image, index) => (
            <li key={image.url} className="flex items-start gap-3">
              <img
                src={image.url}
                alt=""
                className="size-16 shrink-0 rounded-lg border border-brand-charcoal/10 object-cover"
              />
              <FormField
                id={`product-new-image-alt-${index}`}
                label={`Mô tả ảnh ${index + 1}${index === 0 ? " (ảnh bìa)" : ""}`}
                hint={image.name}
                className="min-w-0 flex-1"
              >
                {(f) => <Input {...f} name="imageAlt" maxLength={300} placeholder="Để trống: dùng tên sản phẩm" />}
              </FormField>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
