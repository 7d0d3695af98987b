import type { ContentDefaults } from "../defaults";
import { ContentIcon } from "./content-icon";
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
            <li key={indicator.id} className="flex items-start gap-4 rounded-3xl bg-white p-5 md:flex-col md:p-6">
              <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-brand-charcoal text-brand-mint-green">
                <ContentIcon name={indicator.icon} className="size-6" />
              </span>
              <div className="flex flex-col gap-1.5">
                {indicator.badge && (
                  <span className="w-fit rounded-full bg-brand-mint-green px-2.5 py-0.5 text-xs font-bold tracking-wide uppercase">
                    {indicator.badge}
                  </span>
                )}
                <h3 className="text-lg font-bold">{indicator.title}</h3>
                <p className="text-sm leading-relaxed text-brand-cool-gray">{indicator.description}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
