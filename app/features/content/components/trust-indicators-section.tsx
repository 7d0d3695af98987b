import type { ContentDefaults } from "../defaults";
import { IndicatorCard } from "./content-cards";
import { SectionHeading, container } from "./section-heading";

export function TrustIndicatorsSection({ content }: { content: ContentDefaults["home"]["trust_indicators"] }) {
  return (
    <section
      aria-labelledby="trust-heading"
      className="border-y border-brand-charcoal/10 bg-brand-white py-16 md:py-20"
    >
      <div className={container}>
        <SectionHeading id="trust-heading" title={content.heading} />
        <ul className="mt-10 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4 lg:gap-6">
          {content.indicators.map((indicator) => (
            <IndicatorCard key={indicator.id} indicator={indicator} className="p-5 md:p-6" />
          ))}
        </ul>
      </div>
    </section>
  );
}
