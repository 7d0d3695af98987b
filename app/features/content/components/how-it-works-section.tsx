import type { ContentDefaults } from "../defaults";
import { SectionHeading, container } from "./section-heading";

export function HowItWorksSection({ content }: { content: ContentDefaults["home"]["how_it_works"] }) {
  return (
    <section id="how-it-works" aria-labelledby="how-heading" className="scroll-mt-24 bg-brand-white py-16 md:py-24">
      <div className={container}>
        <SectionHeading id="how-heading" title={content.heading} lead={content.subtitle} />
        <div className="relative mt-12 md:mt-16">
          {/* The dotted line joining the steps on wide screens. */}
          <div
            aria-hidden="true"
            className="absolute top-8 right-[16.66%] left-[16.66%] hidden border-t-2 border-dashed border-brand-teal/50 md:block"
          />
          <ol className="relative grid gap-10 md:grid-cols-3 md:gap-8">
            {content.steps.map((step, index) => (
              <li key={`${step.number}-${index}`} className="flex flex-col items-center gap-3 text-center">
                <span
                  aria-hidden="true"
                  className="flex size-16 items-center justify-center rounded-full bg-brand-mint-green text-2xl font-bold ring-8 ring-brand-white"
                >
                  {step.number}
                </span>
                <h3 className="mt-2 text-xl font-bold">{step.title}</h3>
                <p className="max-w-xs leading-relaxed text-brand-cool-gray">{step.description}</p>
              </li>
            ))}
          </ol>
        </div>
      </div>
    </section>
  );
}
