import { ArrowRight } from "~/components/ui/icons";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { useI18n } from "~/lib/i18n/i18n-context";
import type { ContentDefaults } from "../defaults";
import { BenefitCard } from "./content-cards";
import { SectionHeading, container } from "./section-heading";


export function LifestyleBenefitsSection({ content }: { content: ContentDefaults["home"]["lifestyle_benefits"] }) {
  const { href } = useI18n();
  return (
    <section aria-labelledby="lifestyle-heading" className="bg-brand-white py-16 md:py-24">
      <div className={container}>
        <SectionHeading id="lifestyle-heading" title={content.heading} lead={content.description} />
        <ul className="mt-10 grid gap-4 md:mt-14 md:grid-cols-3 md:gap-6">
          {content.benefits.map((benefit) => (
            <BenefitCard key={benefit.id} benefit={benefit} />
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
