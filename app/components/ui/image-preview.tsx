import { ImageOff } from "./icons";
import { useEffect, useRef, useState } from "react";
import { cn } from "~/components/ui/cn";
import { isSiteOrHttpUrl } from "~/lib/urls";

/**
 * A preview of an image path or URL for admin forms; a placeholder when the address is empty,
 * not an image address, or the image fails to load (SPEC §8: preview errors fall back to a placeholder).
 */
export function ImagePreview({
  src,
  alt,
  className = "max-w-xs",
}: {
  src: string;
  alt: string;
  /** Its width (max-w-xs unless given). */
  className?: string;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const value = src.trim();
  const img = useRef<HTMLImageElement>(null);
  // An image that failed before hydration fired its error event unseen: check once mounted.
  useEffect(() => {
    const el = img.current;
    if (el && el.complete && el.naturalWidth === 0 && el.getAttribute("src")) el.dispatchEvent(new Event("error"));
  }, []);
  const showImage = value !== "" && (isSiteOrHttpUrl(value) || value.startsWith("blob:")) && failed !== value;
  return (
    <div
      className={cn(
        "flex aspect-video w-full items-center justify-center overflow-hidden rounded-lg border border-brand-charcoal/10 bg-brand-white",
        className,
      )}
    >
      {showImage ? (
        <img
          ref={img}
          src={value}
          alt={alt}
          className="size-full object-contain"
          onError={() => setFailed(value)}
          loading="lazy"
        />
      ) : (
        <div
          className="flex flex-col items-center gap-1 p-3 text-center text-xs text-brand-cool-gray"
          role="img"
          aria-label={`${alt}: không có ảnh xem trước`}
        >
          <ImageOff className="size-6" aria-hidden="true" />
          <span>{value === "" ? "Chưa có ảnh" : "Không tải được ảnh"}</span>
        </div>
      )}
    </div>
  );
}
