import type { ContentDefaults } from "../defaults";
import { ContentIcon } from "./content-icon";
import { SectionHeading, container } from "./section-heading";

export function WhyChooseSection({ content }: { content: ContentDefaults["home"]["why_choose"] }) {
  return (
    <section aria-labelledby="why-heading" className="py-16 md:py-24">
      <div className={container}>
        <SectionHeading
          id="why-heading"
          title={content.heading}
          highlight={content.heading_highlight}
          lead={content.description}
        />
        <ul className="mt-10 grid gap-4 sm:grid-cols-2 md:mt-14 lg:grid-cols-4 lg:gap-6">
          {content.features.map((feature) => (
            <li
              key={feature.id}
              className="flex flex-col gap-3 rounded-3xl border border-brand-charcoal/10 bg-white p-6 shadow-[0_10px_30px_-18px_rgba(34,47,56,0.35)]"
            >
              <div className="flex items-center justify-between gap-3">
                <span className="flex size-12 items-center justify-center rounded-2xl bg-brand-mint-green">
                  <ContentIcon name={feature.icon} className="size-6" />
                </span>
                {feature.highlight && (
                  <span className="text-2xl font-bold text-brand-teal-strong">{feature.highlight}</span>
                )}
              </div>
              <h3 className="text-lg font-bold">{feature.title}</h3>
              <p className="text-sm leading-relaxed text-brand-cool-gray">{feature.description}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
