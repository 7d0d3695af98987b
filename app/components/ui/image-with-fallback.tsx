import { useState, type ComponentProps } from "react";
import { imageSrcSet, PLACEHOLDER_IMAGE } from "~/lib/image-variants";

/**
 * An image that shows the placeholder when it cannot be loaded (SPEC §8). Uploads render as
 * `<picture>`: an AVIF source when the upload has AVIF files, a WebP source with every width, and
 * the `<img>` (with its width and height) as the fallback; site images render as a plain `<img>`.
 */
export function ImageWithFallback({ src, alt, sizes, ...props }: ComponentProps<"img"> & { src: string }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const failed = failedSrc === src;
  const webp = failed ? undefined : imageSrcSet(src, "webp");
  const avif = failed ? undefined : imageSrcSet(src, "avif");
  const img = (
    <img
      src={failed ? PLACEHOLDER_IMAGE : src}
      alt={alt}
      loading="lazy"
      decoding="async"
      onError={() => setFailedSrc(src)}
      {...props}
    />
  );
  if (!webp) return img;
  return (
    <picture className="contents">
      {avif && <source type="image/avif" srcSet={avif} sizes={sizes} />}
      <source type="image/webp" srcSet={webp} sizes={sizes} />
      {img}
    </picture>
  );
}
