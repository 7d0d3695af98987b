import type { ReactNode } from "react";
import { cn } from "~/components/ui/cn";
import { container } from "./section-heading";

/** The opening band of a content page (about, blog, technology): eyebrow, h1, lead, actions. */
export function PageHero({
  eyebrow,
  title,
  highlight,
  lead,
  children,
  aside,
  className,
}: {
  eyebrow?: string;
  title: string;
  highlight?: string;
  lead?: string;
  children?: ReactNode;
  /** A picture or figure shown beside the text on wide screens. */
  aside?: ReactNode;
  className?: string;
}) {
  return (
    <section
      aria-labelledby="page-heading"
      className={cn("relative overflow-hidden bg-gradient-to-b from-brand-white to-white", className)}
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-24 -right-24 size-72 rounded-full bg-brand-mint-green/40 blur-3xl"
      />
      <div
        className={cn(
          container,
          "relative grid items-center gap-8 py-12 md:py-20",
          aside ? "md:grid-cols-[1.1fr_1fr] md:gap-12" : "",
        )}
      >
        <div className={cn("flex flex-col gap-5", aside ? "items-start" : "mx-auto max-w-3xl items-center text-center")}>
          {eyebrow && <p className="text-xs font-bold tracking-[0.2em] text-brand-teal-strong uppercase">{eyebrow}</p>}
          <h1
            id="page-heading"
            className="text-[2.25rem] leading-[1.1] font-bold tracking-tight text-balance md:text-5xl lg:text-6xl"
          >
            {title}
            {highlight && (
              <>
                {" "}
                <span className="text-brand-teal-strong">{highlight}</span>
              </>
            )}
          </h1>
          {lead && <p className="max-w-2xl text-lg leading-relaxed text-pretty text-brand-charcoal/85">{lead}</p>}
          {children}
        </div>
        {aside}
      </div>
    </section>
  );
}
