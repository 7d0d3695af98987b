import { ArrowRight } from "~/components/ui/icons";
import { Link } from "react-router";
import { cn } from "~/components/ui/cn";
import { useI18n } from "~/lib/i18n/i18n-context";
import type { ContentDefaults } from "../defaults";
import { SectionHeading, container } from "./section-heading";

/** The four product colours: the filter value used by /shop?color=…, a swatch and a card tint. */
export const productColors = [
  { value: "white", swatch: "#f7fafa", tint: "#f0f7f7" },
  { value: "black", swatch: "#2f363e", tint: "#eceef0" },
  { value: "blue", swatch: "#74a9de", tint: "#e8f1fa" },
  { value: "pink", swatch: "#f5b3c4", tint: "#fdeef2" },
] as const;

export function ColorChooserSection({ content }: { content: ContentDefaults["home"]["color_chooser"] }) {
  const names = [content.color_1_name, content.color_2_name, content.color_3_name, content.color_4_name];
  const { href } = useI18n();
  return (
    <section aria-labelledby="colors-heading" className="py-16 md:py-24">
      <div className={container}>
        <SectionHeading id="colors-heading" title={content.heading} lead={content.subtitle} />
        <ul className="mt-10 grid grid-cols-2 gap-3 md:mt-14 md:grid-cols-4 md:gap-6">
          {productColors.map((color, index) => (
            <li key={color.value}>
              <Link
                to={href(`/shop?color=${color.value}`)}
                className="group flex h-full flex-col items-center gap-3 rounded-3xl p-4 pb-5 transition-shadow hover:shadow-lg md:p-6"
                style={{ backgroundColor: color.tint }}
              >
                <img
                  src={`/images/home/color-${color.value}.svg`}
                  alt=""
                  width={320}
                  height={400}
                  loading="lazy"
                  decoding="async"
                  className="h-40 w-auto transition-transform duration-300 group-hover:-translate-y-1.5 md:h-64"
                />
                <span className="flex items-center gap-2 text-lg font-bold">
                  <span
                    aria-hidden="true"
                    className={cn("size-4 rounded-full ring-1 ring-brand-charcoal/25")}
                    style={{ backgroundColor: color.swatch }}
                  />
                  {names[index]}
                </span>
                <span className="inline-flex items-center gap-1 text-sm font-medium underline-offset-4 group-hover:underline">
                  {content.button_text}
                  <ArrowRight className="size-4" aria-hidden="true" />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
