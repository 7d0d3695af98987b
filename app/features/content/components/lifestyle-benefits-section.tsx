import { ArrowRight, Check } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { useI18n } from "~/lib/i18n/i18n-context";
import type { ContentDefaults } from "../defaults";
import { ContentIcon } from "./content-icon";
import { SectionHeading, container } from "./section-heading";
import "~/components/ui/on-dark.css";

/** Card backgrounds by palette name; all keep charcoal text above 4.5:1. */
const cardColors: Record<string, string> = {
  "mint-green": "bg-brand-mint-green",
  lavender: "bg-brand-lavender",
  "butter-yellow": "bg-brand-butter-yellow",
  coral: "bg-brand-coral",
  teal: "bg-brand-teal",
  white: "bg-brand-white",
};

export function LifestyleBenefitsSection({ content }: { content: ContentDefaults["home"]["lifestyle_benefits"] }) {
  const { href } = useI18n();
  return (
    <section aria-labelledby="lifestyle-heading" className="bg-brand-white py-16 md:py-24">
      <div className={container}>
        <SectionHeading id="lifestyle-heading" title={content.heading} lead={content.description} />
        <ul className="mt-10 grid gap-4 md:mt-14 md:grid-cols-3 md:gap-6">
          {content.benefits.map((benefit) => (
            <li
              key={benefit.id}
              className={`flex flex-col gap-4 rounded-3xl p-6 md:p-8 ${cardColors[benefit.color] ?? "bg-white"}`}
            >
              <span className="flex size-12 items-center justify-center rounded-2xl bg-white/70">
                <ContentIcon name={benefit.icon} className="size-6" />
              </span>
              <h3 className="text-xl font-bold">{benefit.title}</h3>
              <ul className="flex flex-col gap-2.5">
                {benefit.items.map((item) => (
                  <li key={item} className="flex gap-2 text-sm leading-relaxed md:text-base">
                    <Check className="mt-1 size-4 shrink-0" aria-hidden="true" />
                    {item}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>

        <div className="mt-8 grid overflow-hidden rounded-3xl bg-brand-charcoal text-white md:mt-12 md:grid-cols-2 on-dark">
          <img
            src={content.background_image}
            alt=""
            width={800}
            height={600}
            loading="lazy"
            decoding="async"
            className="h-full w-full object-cover"
          />
          <div className="flex flex-col items-start justify-center gap-4 p-8 md:p-12">
            <h3 className="text-2xl font-bold md:text-3xl">{content.lifestyle_heading}</h3>
            <p className="leading-relaxed text-white/85 md:text-lg">{content.lifestyle_description}</p>
            <Button asChild variant="light" size="lg" className="mt-2">
              <Link to={href("/shop")}>
                {content.button_text}
                <ArrowRight className="size-5" aria-hidden="true" />
              </Link>
            </Button>
          </div>
        </div>
      </div>
    </section>
  );
}
