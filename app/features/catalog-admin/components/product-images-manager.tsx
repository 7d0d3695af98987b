import { ArrowDown, ArrowUp, ImagePlus, Star, Trash2 } from "~/components/ui/icons";
import { useRef, useState, type FormEvent } from "react";
import { useFetcher } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Input } from "~/components/ui/input";
import { FilePicker } from "~/components/ui/file-picker";
import { Label } from "~/components/ui/label";
import { ImageWithFallback } from "~/components/ui/image-with-fallback";
import { fieldError, useActionFeedback, type ActionFeedbackResult } from "~/components/ui/use-action-feedback";
import { IMAGE_SIZE_MESSAGE, IMAGE_UPLOAD_ACCEPT, MAX_IMAGE_BYTES } from "~/lib/image-variants";

export interface ManagedImage {
  id: number;
  url: string;
  alt: string;
  altEn: string;
  width: number | null;
  height: number | null;
  isCover: boolean;
}

/**
 * Upload several images, reorder them (up/down buttons), choose the cover, edit alt texts
 * (Vietnamese and English side by side, saved together),
 * delete. Every change is its own request to the edit page's action (intent image-*).
 */
export function ProductImagesManager({ images }: { images: ManagedImage[] }) {
  const upload = useFetcher<ActionFeedbackResult>();
  const fileInput = useRef<HTMLInputElement>(null);
  const [clientError, setClientError] = useState<string | null>(null);
  useActionFeedback(upload.data, {
    success: { "image-upload": { title: "Đã cập nhật", description: "Đã tải ảnh lên" } },
    errorTitle: () => "Không thể tải ảnh lên",
    onSuccess: () => {
      // A reset also clears the picker's "chosen file" text.
      fileInput.current?.form?.reset();
    },
  });
  const uploading = upload.state !== "idle";
  const serverError = upload.data && !upload.data.ok ? upload.data.error : null;
  const error = clientError ?? serverError;

  function onUpload(event: FormEvent<HTMLFormElement>) {
    const files = [...(fileInput.current?.files ?? [])];
    if (files.length === 0) {
      event.preventDefault();
      setClientError("Vui lòng chọn ít nhất một ảnh");
      return;
    }
    if (files.some((f) => f.size > MAX_IMAGE_BYTES)) {
      event.preventDefault();
      setClientError(IMAGE_SIZE_MESSAGE);
      return;
    }
    setClientError(null);
  }

  return (
    <section
      aria-labelledby="product-images-title"
      className="rounded-xl border border-brand-charcoal/10 bg-white p-4 sm:p-5"
    >
      <h2 id="product-images-title" className="text-base font-bold">
        Hình ảnh
      </h2>
      <p className="mt-0.5 text-sm text-brand-cool-gray">
        JPEG, PNG, WebP hoặc AVIF, tối đa 5 MB mỗi ảnh. Ảnh được lưu dạng WebP và AVIF ở nhiều kích thước. Mô tả ảnh để
        trống: cửa hàng dùng tên sản phẩm bằng ngôn ngữ đó.
      </p>

      <upload.Form
        method="post"
        encType="multipart/form-data"
        onSubmit={onUpload}
        className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-end"
      >
        <input type="hidden" name="intent" value="image-upload" />
        <div className="flex flex-1 flex-col gap-1.5">
          <Label htmlFor="product-image-files">Chọn ảnh</Label>
          <FilePicker
            ref={fileInput}
            id="product-image-files"
            buttonLabel="Chọn ảnh"
            name="images"
            accept={IMAGE_UPLOAD_ACCEPT}
            multiple
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "product-image-error" : undefined}
            onChange={() => setClientError(null)}
          />
        </div>
        <Button type="submit" variant="teal" disabled={uploading}>
          <ImagePlus className="size-4" aria-hidden="true" />
          {uploading ? "Đang tải lên..." : "Tải ảnh lên"}
        </Button>
      </upload.Form>
      {error && (
        <p id="product-image-error" role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      )}

      {images.length === 0 ? (
        <p className="mt-4 rounded-lg bg-brand-white/60 px-3 py-6 text-center text-sm text-brand-cool-gray">
          Chưa có ảnh nào.
        </p>
      ) : (
        <ol className="mt-4 flex flex-col gap-3" aria-label="Ảnh sản phẩm theo thứ tự hiển thị">
          {images.map((image, index) => (
            <ImageRow key={image.id} image={image} index={index} last={index === images.length - 1} />
          ))}
        </ol>
      )}
    </section>
  );
}

function ImageRow({ image, index, last }: { image: ManagedImage; index: number; last: boolean }) {
  const fetcher = useFetcher<ActionFeedbackResult>();
  const [confirming, setConfirming] = useState(false);
  const [alt, setAlt] = useState(image.alt);
  const [altEn, setAltEn] = useState(image.altEn);
  useActionFeedback(fetcher.data, {
    success: {
      "image-delete": { title: "Đã xóa", description: "Đã xóa ảnh" },
      "image-alt": { title: "Đã cập nhật", description: "Đã lưu mô tả ảnh" },
      "image-cover": { title: "Đã cập nhật", description: "Đã chọn ảnh bìa" },
    },
    onSuccess: () => setConfirming(false),
  });
  const busy = fetcher.state !== "idle";
  const send = (intent: string, extra: Record<string, string> = {}) =>
    fetcher.submit({ intent, imageId: String(image.id), ...extra }, { method: "post" });
  const altResult = fetcher.data?.intent === "image-alt" ? fetcher.data : undefined;
  const altFields = [
    { name: "alt", language: "Tiếng Việt", lang: "vi", value: alt, set: setAlt },
    { name: "en_alt", language: "English", lang: "en", value: altEn, set: setAltEn },
  ] as const;
  const unchanged = alt === image.alt && altEn === image.altEn;

  return (
    <li
      className="flex flex-col gap-3 rounded-lg border border-brand-charcoal/10 p-3 sm:flex-row sm:items-center"
      aria-busy={busy || undefined}
    >
      <div className="relative shrink-0">
        <ImageWithFallback
          src={image.url}
          alt={image.alt}
          sizes="96px"
          width={96}
          height={96}
          className="size-24 rounded-lg border border-brand-charcoal/10 bg-brand-white object-cover"
        />
        {image.isCover && (
          <Badge variant="info" className="absolute -top-2 -left-2">
            Ảnh bìa
          </Badge>
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <div className="grid gap-2 sm:grid-cols-2">
          {altFields.map((field) => {
            const id = `image-${field.name}-${image.id}`;
            const error = fieldError(altResult, field.name);
            return (
              <div key={field.name} className="flex min-w-0 flex-col gap-1.5">
                <Label htmlFor={id}>
                  Mô tả ảnh (alt) #{index + 1} · {field.language}
                </Label>
                <Input
                  id={id}
                  lang={field.lang}
                  value={field.value}
                  onChange={(e) => field.set(e.target.value)}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${id}-error` : undefined}
                />
                {error && (
                  <p id={`${id}-error`} className="text-sm text-red-700">
                    {error}
                  </p>
                )}
              </div>
            );
          })}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Button
            variant="outline"
            size="md"
            disabled={busy || unchanged}
            onClick={() => send("image-alt", { alt, en_alt: altEn })}
          >
            Lưu mô tả ảnh #{index + 1}
          </Button>
          {image.width && image.height && (
            <p className="text-xs text-brand-cool-gray">
              {image.width} × {image.height} px
            </p>
          )}
        </div>
      </div>
      <div className="flex flex-wrap gap-1 sm:flex-col md:flex-row">
        <Button
          variant="ghost"
          size="icon"
          disabled={busy || index === 0}
          onClick={() => send("image-move", { direction: "up" })}
          aria-label={`Đưa ảnh ${index + 1} lên trước`}
        >
          <ArrowUp aria-hidden="true" />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          disabled={busy || last}
          onClick={() => send("image-move", { direction: "down" })}
          aria-label={`Đưa ảnh ${index + 1} ra sau`}
        >
          <ArrowDown aria-hidden="true" />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          disabled={busy || image.isCover}
          onClick={() => send("image-cover")}
          aria-label={image.isCover ? `Ảnh ${index + 1} là ảnh bìa` : `Chọn ảnh ${index + 1} làm ảnh bìa`}
          aria-pressed={image.isCover}
        >
          <Star
            aria-hidden="true"
            className={image.isCover ? "fill-brand-teal-strong text-brand-teal-strong" : undefined}
          />
        </Button>
        <Button
          variant="danger"
          size="icon"

          disabled={busy}
          onClick={() => setConfirming(true)}
          aria-label={`Xóa ảnh ${index + 1}`}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Xóa ảnh"
        description="Bạn có chắc muốn xóa ảnh này?"
        busy={busy}
        onConfirm={() => send("image-delete")}
      />
    </li>
  );
}
