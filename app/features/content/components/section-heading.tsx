import { cn } from "~/components/ui/cn";

/** The heading block every home section opens with: an optional eyebrow, the h2, a lead. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  highlight,
  lead,
  align = "center",
  className,
}: {
  id: string;
  eyebrow?: string;
  title: string;
  highlight?: string;
  lead?: string;
  align?: "center" | "left";
  className?: string;
}) {
  return (
    <div
      className={cn(
        "flex max-w-2xl flex-col gap-3",
        align === "center" && "mx-auto items-center text-center",
        className,
      )}
    >
      {eyebrow && <p className="text-xs font-bold tracking-[0.2em] text-brand-teal-strong uppercase">{eyebrow}</p>}
      <h2 id={id} className="text-3xl font-bold tracking-tight text-balance md:text-4xl">
        {title}
        {highlight && (
          <>
            {" "}
            <span className="text-brand-teal-strong">{highlight}</span>
          </>
        )}
      </h2>
      {lead && <p className="text-base leading-relaxed text-pretty text-brand-cool-gray md:text-lg">{lead}</p>}
    </div>
  );
}

export const container = "mx-auto w-full max-w-7xl px-4 md:px-6";
