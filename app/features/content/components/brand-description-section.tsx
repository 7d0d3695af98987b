import { BatteryCharging } from "~/components/ui/icons";
import { cn } from "~/components/ui/cn";
import { readableTextOn } from "~/components/ui/readable-text";
import type { ContentDefaults } from "../defaults";
import { container } from "./section-heading";

export function BrandDescriptionSection({ content }: { content: ContentDefaults["home"]["brand_description"] }) {
  const foreground = readableTextOn(content.background_color);
  const onDark = foreground === "#ffffff";
  return (
    <section aria-labelledby="brand-heading" style={{ backgroundColor: content.background_color, color: foreground }}>
      <div className={cn(container, "grid items-center gap-10 py-16 md:grid-cols-2 md:gap-16 md:py-24")}>
        <img
          src={content.background_image}
          alt=""
          width={800}
          height={600}
          loading="lazy"
          decoding="async"
          className="order-last w-full rounded-3xl object-cover md:order-first"
        />
        <div className="flex flex-col gap-5">
          <h2 id="brand-heading" className="text-3xl font-bold tracking-tight text-balance md:text-4xl">
            {content.heading}{" "}
            <span className={onDark ? "text-brand-mint-green" : "text-brand-teal-strong"}>
              {content.heading_highlight}
            </span>
          </h2>
          <p className="text-base leading-relaxed md:text-lg">{content.description}</p>
          <p
            className={cn(
              "flex items-start gap-3 rounded-2xl p-4 text-sm leading-relaxed md:text-base",
              onDark ? "bg-white/10" : "bg-white",
            )}
          >
            <BatteryCharging className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
            {content.sub_description}
          </p>
        </div>
      </div>
    </section>
  );
}
