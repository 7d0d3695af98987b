import { Check } from "~/components/ui/icons";
import { cn } from "~/components/ui/cn";
import type { Benefit, Indicator } from "../content.schema";
import { ContentIcon } from "./content-icon";

/** Card backgrounds by palette name; all keep charcoal text above 4.5:1. */
const cardColors: Record<string, string> = {
  "mint-green": "bg-brand-mint-green",
  lavender: "bg-brand-lavender",
  "butter-yellow": "bg-brand-butter-yellow",
  coral: "bg-brand-coral",
  teal: "bg-brand-teal",
  white: "bg-brand-white",
};

/** A benefit in a coloured card: icon, title and its checked list (home and technology pages). */
export function BenefitCard({ benefit, large = false }: { benefit: Benefit; large?: boolean }) {
  return (
    <li className={cn("flex flex-col gap-4 rounded-3xl p-6 md:p-8", cardColors[benefit.color] ?? "bg-brand-white")}>
      <span className="flex size-12 items-center justify-center rounded-2xl bg-white/70">
        <ContentIcon name={benefit.icon} className="size-6" />
      </span>
      <h3 className={cn("font-bold", large ? "text-2xl" : "text-xl")}>{benefit.title}</h3>
      <ul className="flex flex-col gap-2.5">
        {benefit.items.map((item) => (
          <li key={item} className={cn("flex gap-2", !large && "text-sm md:text-base", "leading-relaxed")}>
            <Check className="mt-1 size-4 shrink-0" aria-hidden="true" />
            {item}
          </li>
        ))}
      </ul>
    </li>
  );
}

/** A promise with its icon and optional badge (home trust indicators, technology warranty). */
export function IndicatorCard({ indicator, className }: { indicator: Indicator; className?: string }) {
  return (
    <li className={cn("flex items-start gap-4 rounded-3xl bg-white md:flex-col", className)}>
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
  );
}
