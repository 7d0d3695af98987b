import { InstagramIcon } from "~/components/ui/social-icons";
import { Button } from "~/components/ui/button";
import { useI18n } from "~/lib/i18n/i18n-context";
import type { ContentDefaults } from "../defaults";
import { SectionHeading, container } from "./section-heading";

export function InstagramGallerySection({
  content,
  instagramUrl,
}: {
  content: ContentDefaults["home"]["instagram_gallery"];
  instagramUrl: string;
}) {
  const { t } = useI18n();
  return (
    <section aria-labelledby="gallery-heading" className="py-16 md:py-24">
      <div className={container}>
        <SectionHeading id="gallery-heading" title={content.heading} lead={content.subtitle} />
        {/* SPEC §9: 4 columns by 2 rows on wide screens. */}
        <ul className="mt-10 grid grid-cols-2 gap-2 sm:gap-3 md:mt-12 md:grid-cols-4 md:gap-4">
          {content.images.slice(0, 8).map((image) => (
            <li key={image.id} className="overflow-hidden rounded-2xl">
              <img
                src={image.image}
                alt={image.alt}
                width={600}
                height={600}
                loading="lazy"
                decoding="async"
                className="aspect-square w-full object-cover transition-transform duration-500 hover:scale-105"
              />
            </li>
          ))}
        </ul>
        {instagramUrl && (
          <div className="mt-10 flex justify-center">
            <Button asChild variant="outline" size="lg">
              <a href={instagramUrl} target="_blank" rel="noopener noreferrer">
                <InstagramIcon className="size-5" aria-hidden="true" />
                {content.button_text}
                <span className="sr-only">{t("pages.home.opensNewTab")}</span>
              </a>
            </Button>
          </div>
        )}
      </div>
    </section>
  );
}
