import { useState, type ComponentProps } from "react";
import { imageSrcSet, PLACEHOLDER_IMAGE } from "~/lib/image-variants";

/** An image that shows the placeholder when it cannot be loaded (SPEC §8), with srcset for uploads. */
export function ImageWithFallback({ src, alt, sizes, ...props }: ComponentProps<"img"> & { src: string }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const failed = failedSrc === src;
  return (
    <img
      src={failed ? PLACEHOLDER_IMAGE : src}
      srcSet={failed ? undefined : imageSrcSet(src)}
      sizes={sizes}
      alt={alt}
      loading="lazy"
      decoding="async"
      onError={() => setFailedSrc(src)}
      {...props}
    />
  );
}
