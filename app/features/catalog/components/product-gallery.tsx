import { ChevronLeft, ChevronRight } from "~/components/ui/icons";
import { useRef, useState } from "react";
import { cn } from "~/components/ui/cn";
import { useI18n } from "~/lib/i18n/i18n-context";
import type { CatalogImage } from "../catalog-types";
import { ImageWithFallback } from "~/components/ui/image-with-fallback";

/** Product images: previous/next buttons, dots, swipe on touch screens, arrow keys when focused. */
export function ProductGallery({ images, name }: { images: CatalogImage[]; name: string }) {
  const [index, setIndex] = useState(0);
  const { t } = useI18n();
  const touchStart = useRef<number | null>(null);
  const count = images.length;
  const go = (next: number) => setIndex(((next % count) + count) % count);

  if (count === 0) {
    return <div className="aspect-square w-full rounded-3xl bg-brand-white" aria-hidden="true" />;
  }
  const current = images[index] ?? images[0];

  return (
    <div className="flex flex-col gap-4">
      <div
        role="region"
        aria-roledescription="carousel"
        aria-label={t("catalog.gallery.images", { name })}
        tabIndex={0}
        onKeyDown={(event) => {
          if (event.key === "ArrowRight") {
            event.preventDefault();
            go(index + 1);
          } else if (event.key === "ArrowLeft") {
            event.preventDefault();
            go(index - 1);
          }
        }}
        onTouchStart={(event) => {
          touchStart.current = event.touches[0]?.clientX ?? null;
        }}
        onTouchEnd={(event) => {
          const start = touchStart.current;
          touchStart.current = null;
          const end = event.changedTouches[0]?.clientX;
          if (start === null || end === undefined) return;
          if (end - start > 40) go(index - 1);
          else if (start - end > 40) go(index + 1);
        }}
        className="relative overflow-hidden rounded-3xl bg-brand-white"
      >
        <ImageWithFallback
          key={current.url}
          src={current.url}
          alt={current.alt}
          width={current.width ?? 800}
          height={current.height ?? 800}
          sizes="(min-width: 768px) 50vw, 100vw"
          className="aspect-square w-full object-cover"
          loading={index === 0 ? "eager" : "lazy"}
          fetchPriority={index === 0 ? "high" : undefined}
        />
        <p className="sr-only" aria-live="polite">
          {t("catalog.gallery.position", { index: index + 1, count })}
        </p>
        {count > 1 && (
          <>
            <button
              type="button"
              onClick={() => go(index - 1)}
              aria-label={t("catalog.gallery.previous")}
              className="absolute top-1/2 left-3 inline-flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 shadow hover:bg-white"
            >
              <ChevronLeft className="size-5" aria-hidden="true" />
            </button>
            <button
              type="button"
              onClick={() => go(index + 1)}
              aria-label={t("catalog.gallery.next")}
              className="absolute top-1/2 right-3 inline-flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 shadow hover:bg-white"
            >
              <ChevronRight className="size-5" aria-hidden="true" />
            </button>
          </>
        )}
      </div>
      {count > 1 && (
        <div className="flex items-center justify-center gap-1" role="group" aria-label={t("catalog.gallery.choose")}>
          {images.map((image, i) => (
            <button
              key={image.url}
              type="button"
              onClick={() => setIndex(i)}
              aria-label={t("catalog.gallery.show", { index: i + 1, count })}
              aria-current={i === index ? "true" : undefined}
              className="inline-flex size-8 items-center justify-center rounded-full"
            >
              <span
                aria-hidden="true"
                className={cn(
                  "block h-2.5 rounded-full transition-all",
                  i === index ? "w-6 bg-brand-charcoal" : "w-2.5 bg-brand-charcoal/30",
                )}
              />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
