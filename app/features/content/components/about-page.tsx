import { ArrowRight, Check, Microscope, Target } from "~/components/ui/icons";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { useI18n } from "~/lib/i18n/i18n-context";
import type { PageContent } from "../types";
import { PageHero } from "./page-hero";
import { SectionHeading, container } from "./section-heading";

/** /about: intro, mission, technology and the why-choose list; inactive sections are left out. */
export function AboutPage({ content }: { content: PageContent<"about"> }) {
  const { intro, mission, technology, why_choose: whyChoose } = content.sections;
  const shown = new Set<string>(content.order);
  const { t, href } = useI18n();

  return (
    <div data-page="about">
      {shown.has("intro") ? (
        <div data-section="intro">
          <PageHero eyebrow={t("pages.about.eyebrow")} title={intro.content.title} lead={intro.content.description}>
            <div className="flex flex-col gap-3 sm:flex-row">
              <Button asChild size="lg">
                <Link to={href("/shop")}>
                  {t("pages.about.shopAll")}
                  <ArrowRight className="size-5" aria-hidden="true" />
                </Link>
              </Button>
              <Button asChild size="lg" variant="outline">
                <Link to={href("/technology")}>{t("pages.about.technology")}</Link>
              </Button>
            </div>
          </PageHero>
        </div>
      ) : (
        <h1 className="sr-only">{intro.content.title}</h1>
      )}

      {(shown.has("mission") || shown.has("technology")) && (
        <div className={`${container} grid gap-6 py-12 md:grid-cols-2 md:gap-8 md:py-20`}>
          {shown.has("mission") && (
            <section
              data-section="mission"
              aria-labelledby="mission-heading"
              className="flex flex-col gap-4 rounded-3xl bg-brand-mint-green p-7 md:p-10"
            >
              <span className="flex size-12 items-center justify-center rounded-2xl bg-white/70">
                <Target className="size-6" aria-hidden="true" />
              </span>
              <h2 id="mission-heading" className="text-2xl font-bold md:text-3xl">
                {mission.content.heading}
              </h2>
              <p className="text-base leading-relaxed md:text-lg">{mission.content.description}</p>
            </section>
          )}
          {shown.has("technology") && (
            <section
              data-section="technology"
              aria-labelledby="technology-heading"
              className="flex flex-col gap-4 rounded-3xl bg-brand-charcoal p-7 text-white md:p-10"
            >
              <span className="flex size-12 items-center justify-center rounded-2xl bg-white/10 text-brand-mint-green">
                <Microscope className="size-6" aria-hidden="true" />
              </span>
              <h2 id="technology-heading" className="text-2xl font-bold md:text-3xl">
                {technology.content.heading}
              </h2>
              <p className="text-base leading-relaxed text-white/85 md:text-lg">{technology.content.description}</p>
              <Link
                to={href("/technology")}
                className="mt-auto inline-flex w-fit items-center gap-2 rounded-md font-medium text-brand-mint-green underline-offset-4 hover:underline"
              >
                {t("pages.about.howCycle")}
                <ArrowRight className="size-4" aria-hidden="true" />
              </Link>
            </section>
          )}
        </div>
      )}

      {shown.has("why_choose") && (
        <section
          id="why-choose"
          data-section="why_choose"
          aria-labelledby="why-choose-heading"
          className="scroll-mt-24 bg-brand-white py-14 md:py-20"
        >
          <div className={container}>
            <SectionHeading id="why-choose-heading" title={whyChoose.content.heading} />
            <ul className="mx-auto mt-10 grid max-w-5xl gap-3 sm:grid-cols-2 md:gap-4">
              {whyChoose.content.items.map((item) => (
                <li key={item} className="flex items-start gap-3 rounded-2xl bg-white p-5 text-base leading-relaxed shadow-sm">
                  <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-brand-teal-strong text-white">
                    <Check className="size-4" aria-hidden="true" />
                  </span>
                  {item}
                </li>
              ))}
            </ul>
            <div className="mt-10 flex justify-center">
              <Button asChild size="lg">
                <Link to={href("/shop")}>
                  {t("pages.about.shopNow")}
                  <ArrowRight className="size-5" aria-hidden="true" />
                </Link>
              </Button>
            </div>
          </div>
        </section>
      )}
    </div>
  );
}
