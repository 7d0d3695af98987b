import { ArrowRight, FileDown } from "~/components/ui/icons";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { useI18n } from "~/lib/i18n/i18n-context";
import { formatVnd } from "~/lib/money";
import type { Locale } from "~/lib/i18n/locale";
import { isSiteOrHttpUrl } from "~/lib/urls";
import { MANUAL_PDF_URL } from "../manual";
import type { PageContent } from "../types";
import { BenefitCard, IndicatorCard } from "./content-cards";
import { PageHero } from "./page-hero";
import { SectionHeading, container } from "./section-heading";

/** The manual link as saved, when it is a site path or an http(s) URL; otherwise the built-in file in the page's language. */
function safeManualUrl(url: string, locale: Locale): string {
  return isSiteOrHttpUrl(url) ? url.trim() : MANUAL_PDF_URL[locale];
}

/** SHOP NOW, with the starting price of a sterilizer when one is on sale. */
function ShopNow({
  text,
  startingPrice,
  variant = "primary",
}: {
  text: string;
  startingPrice: number | null;
  variant?: "primary" | "light";
}) {
  const { t, href } = useI18n();
  return (
    <Button asChild size="lg" variant={variant}>
      <Link to={href("/shop")}>
        {text}
        {startingPrice !== null && (
          <span className="font-normal">{t("pages.technology.from", { price: formatVnd(startingPrice) })}</span>
        )}
        <ArrowRight className="size-5" aria-hidden="true" />
      </Link>
    </Button>
  );
}

/** /technology: how the UVC cycle works, benefits, specifications, warranty, the manual and a way to the shop. */
export function TechnologyPage({
  content,
  startingPrice,
}: {
  content: PageContent<"technology">;
  startingPrice: number | null;
}) {
  const s = content.sections;
  const shown = new Set<string>(content.order);
  const { t, locale } = useI18n();

  return (
    <div data-page="technology">
      {shown.has("hero") ? (
        <div data-section="hero">
          <PageHero
            eyebrow={t("pages.technology.eyebrow")}
            title={s.hero.content.heading}
            highlight={s.hero.content.heading_highlight}
            lead={s.hero.content.description}
            aside={
              <img
                src="/images/products/uvc-sterilizer-white-in-use.svg"
                alt={t("pages.technology.heroImage")}
                width={560}
                height={560}
                fetchPriority="high"
                className="mx-auto aspect-square w-full max-w-[20rem] rounded-[2rem] bg-white object-contain shadow-[0_30px_60px_-30px_rgba(34,47,56,0.35)] md:max-w-[460px]"
              />
            }
          >
            <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
              <ShopNow text={s.hero.content.button_text} startingPrice={startingPrice} />
              {shown.has("manual") && (
                <Button asChild size="lg" variant="outline">
                  <a href="#manual">{t("pages.technology.manual")}</a>
                </Button>
              )}
            </div>
          </PageHero>
        </div>
      ) : (
        <h1 className="sr-only">
          {s.hero.content.heading} {s.hero.content.heading_highlight}
        </h1>
      )}

      {shown.has("how_it_works") && (
        <section
          data-section="how_it_works"
          aria-labelledby="tech-how-heading"
          className="bg-brand-white py-14 md:py-20"
        >
          <div className={container}>
            <SectionHeading
              id="tech-how-heading"
              title={s.how_it_works.content.heading}
              lead={s.how_it_works.content.subtitle}
            />
            <ol className="mt-10 grid gap-4 md:mt-14 md:grid-cols-3 md:gap-6">
              {s.how_it_works.content.steps.map((step, index) => (
                <li key={`${step.number}-${index}`} className="flex flex-col gap-3 rounded-3xl bg-white p-6 md:p-8">
                  <span
                    aria-hidden="true"
                    className="flex size-12 items-center justify-center rounded-full bg-brand-charcoal text-xl font-bold text-brand-mint-green"
                  >
                    {step.number}
                  </span>
                  <h3 className="text-xl font-bold">{step.title}</h3>
                  <p className="leading-relaxed text-brand-cool-gray">{step.description}</p>
                </li>
              ))}
            </ol>
          </div>
        </section>
      )}

      {shown.has("benefits") && (
        <section data-section="benefits" aria-labelledby="tech-benefits-heading" className="py-14 md:py-20">
          <div className={container}>
            <SectionHeading
              id="tech-benefits-heading"
              title={s.benefits.content.heading}
              lead={s.benefits.content.description}
            />
            <ul className="mx-auto mt-10 grid max-w-5xl gap-4 md:mt-14 md:grid-cols-2 md:gap-6">
              {s.benefits.content.benefits.map((benefit) => (
                <BenefitCard key={benefit.id} benefit={benefit} large />
              ))}
            </ul>
          </div>
        </section>
      )}

      {shown.has("specifications") && (
        <section
          data-section="specifications"
          aria-labelledby="tech-specs-heading"
          className="bg-brand-charcoal py-14 text-white on-dark md:py-20"
        >
          <div className={`${container} grid gap-8 md:grid-cols-[1fr_1.4fr] md:gap-12`}>
            <div className="flex flex-col gap-3">
              <h2 id="tech-specs-heading" className="text-3xl font-bold tracking-tight md:text-4xl">
                {s.specifications.content.heading}
              </h2>
              <p className="text-lg leading-relaxed text-white/80">{s.specifications.content.description}</p>
            </div>
            <dl className="grid gap-px overflow-hidden rounded-3xl bg-white/15 sm:grid-cols-2">
              {s.specifications.content.specs.map((spec) => (
                <div key={spec.label} className="flex flex-col gap-1 bg-brand-charcoal p-5">
                  <dt className="text-xs font-bold tracking-[0.15em] text-brand-mint-green uppercase">{spec.label}</dt>
                  <dd className="text-lg font-medium">{spec.value}</dd>
                </div>
              ))}
            </dl>
          </div>
        </section>
      )}

      {shown.has("warranty") && (
        <section
          id="warranty"
          data-section="warranty"
          aria-labelledby="tech-warranty-heading"
          className="scroll-mt-24 py-14 md:py-20"
        >
          <div className={container}>
            <SectionHeading
              id="tech-warranty-heading"
              title={s.warranty.content.heading}
              lead={s.warranty.content.description}
            />
            <ul className="mt-10 grid gap-4 md:grid-cols-3 md:gap-6">
              {s.warranty.content.indicators.map((indicator) => (
                <IndicatorCard
                  key={indicator.id}
                  indicator={indicator}
                  className="border border-brand-charcoal/10 p-6"
                />
              ))}
            </ul>
          </div>
        </section>
      )}

      {shown.has("manual") && (
        <section
          id="manual"
          data-section="manual"
          aria-labelledby="tech-manual-heading"
          className="scroll-mt-24 pb-14 md:pb-20"
        >
          <div className={container}>
            <div className="flex flex-col items-start gap-5 rounded-3xl bg-brand-white p-7 md:flex-row md:items-center md:justify-between md:p-10">
              <div className="flex items-start gap-4">
                <span className="flex size-14 shrink-0 items-center justify-center rounded-2xl bg-brand-lavender">
                  <FileDown className="size-7" aria-hidden="true" />
                </span>
                <div className="flex max-w-2xl flex-col gap-2">
                  <h2 id="tech-manual-heading" className="text-2xl font-bold md:text-3xl">
                    {s.manual.content.heading}
                  </h2>
                  <p className="leading-relaxed text-brand-cool-gray">{s.manual.content.description}</p>
                </div>
              </div>
              <Button asChild size={null} variant="teal" className="min-h-13 w-full px-8 py-3 text-base md:w-auto">
                <a href={safeManualUrl(s.manual.content.manual_url, locale)} download data-testid="manual-download">
                  <FileDown className="size-5" aria-hidden="true" />
                  {s.manual.content.button_text}
                </a>
              </Button>
            </div>
          </div>
        </section>
      )}

      {shown.has("cta") && (
        <section
          data-section="cta"
          aria-labelledby="tech-cta-heading"
          className="bg-brand-butter-yellow py-14 md:py-20"
        >
          <div className={`${container} flex flex-col items-center gap-5 text-center`}>
            <h2 id="tech-cta-heading" className="text-3xl font-bold tracking-tight text-balance md:text-4xl">
              {s.cta.content.heading}
            </h2>
            <p className="max-w-2xl text-lg leading-relaxed">{s.cta.content.description}</p>
            <ShopNow text={s.cta.content.button_text} startingPrice={startingPrice} />
          </div>
        </section>
      )}
    </div>
  );
}
