import { ArrowRight, ShieldCheck } from "~/components/ui/icons";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { useI18n } from "~/lib/i18n/i18n-context";
import type { ContentDefaults } from "../defaults";
import { container } from "./section-heading";

export function HeroSection({ content }: { content: ContentDefaults["home"]["hero"] }) {
  const { t, href } = useI18n();
  return (
    <section
      aria-labelledby="hero-heading"
      className="relative overflow-hidden bg-gradient-to-b from-brand-white via-brand-white to-white"
    >
      <div
        className={cn(
          container,
          "grid items-center gap-8 pt-8 pb-12 md:grid-cols-[1.05fr_1fr] md:gap-12 md:py-16 lg:py-20",
        )}
      >
        <div className="flex flex-col items-start gap-5 md:gap-6">
          <h1
            id="hero-heading"
            className="text-[2.5rem] leading-[1.08] font-bold tracking-tight text-balance md:text-5xl lg:text-6xl"
          >
            {content.heading}{" "}
            <span className="relative whitespace-nowrap text-brand-teal-strong">
              {content.heading_highlight}
              <svg
                aria-hidden="true"
                viewBox="0 0 200 12"
                preserveAspectRatio="none"
                className="absolute -bottom-2 left-0 h-3 w-full text-brand-mint-green"
              >
                <path
                  d="M2 9C50 3 150 1 198 7"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="5"
                  strokeLinecap="round"
                />
              </svg>
            </span>
          </h1>
          <p className="max-w-xl text-lg leading-relaxed text-pretty text-brand-charcoal/85">{content.description}</p>
          <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
            <Button asChild size="lg">
              <Link to={href("/shop")}>
                {content.button_text}
                <ArrowRight className="size-5" aria-hidden="true" />
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <a href="#how-it-works">{content.cta_text}</a>
            </Button>
          </div>
          <p className="flex items-start gap-2 text-sm text-brand-cool-gray">
            <ShieldCheck className="mt-0.5 size-4 shrink-0 text-brand-teal-strong" aria-hidden="true" />
            {content.sub_description}
          </p>
        </div>
        <div className="relative">
          <img
            src={content.background_image}
            alt={t("pages.home.heroImage")}
            width={720}
            height={720}
            fetchPriority="high"
            decoding="async"
            className="mx-auto aspect-square w-full max-w-[22rem] md:max-w-[560px] rounded-[2rem] object-cover shadow-[0_30px_60px_-30px_rgba(34,47,56,0.35)]"
          />
        </div>
      </div>
    </section>
  );
}
