import { BadgeCheck, Quote, ShieldCheck, Truck } from "~/components/ui/icons";
import { useId, type ReactNode } from "react";
import { StarRating } from "~/features/content/components/star-rating";
import { useI18n } from "~/lib/i18n/i18n-context";

export interface ShopTestimonial {
  name: string;
  role?: string;
  text: string;
  rating: number;
}

/** One shopper's words under the listing. */
export function ShopTestimonial({ testimonial }: { testimonial: ShopTestimonial }) {
  const { t } = useI18n();
  return (
    <section
      aria-labelledby="shop-testimonial-heading"
      className="rounded-3xl bg-brand-mint-green/40 px-6 py-12 md:px-16 md:py-16"
    >
      <figure className="mx-auto flex max-w-3xl flex-col items-center gap-5 text-center">
        <h2 id="shop-testimonial-heading" className="sr-only">
          {t("catalog.extras.testimonial")}
        </h2>
        <Quote className="size-10 text-brand-teal-strong" aria-hidden="true" />
        <StarRating rating={testimonial.rating} />
        <blockquote className="text-xl leading-relaxed font-medium text-balance md:text-2xl">
          <p>“{testimonial.text}”</p>
        </blockquote>
        <figcaption className="text-sm">
          <span className="font-bold">{testimonial.name}</span>
          {testimonial.role && <span className="text-brand-charcoal/80"> · {testimonial.role}</span>}
        </figcaption>
      </figure>
    </section>
  );
}

/** Three reasons to buy here: delivery, warranty, money-back. */
export function ShopFeatures({ freeShippingText }: { freeShippingText: string }) {
  const { t } = useI18n();
  const points = [
    {
      icon: Truck,
      title: t("catalog.extras.freeDelivery"),
      text: t("catalog.extras.freeDeliveryText", { amount: freeShippingText }),
    },
    { icon: ShieldCheck, title: t("catalog.extras.warranty"), text: t("catalog.extras.warrantyText") },
    { icon: BadgeCheck, title: t("catalog.extras.moneyBack"), text: t("catalog.extras.moneyBackText") },
  ];
  return (
    <section aria-labelledby="shop-features-heading">
      <h2 id="shop-features-heading" className="sr-only">
        {t("catalog.extras.whyUs")}
      </h2>
      <ul className="grid gap-4 md:grid-cols-3 md:gap-6">
        {points.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex gap-4 rounded-3xl border border-brand-charcoal/10 p-6">
            <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-brand-butter-yellow">
              <Icon className="size-6" aria-hidden="true" />
            </span>
            <div>
              <h3 className="font-bold">{title}</h3>
              <p className="mt-1 text-sm leading-relaxed text-brand-cool-gray">{text}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The newsletter band: 10% off the first order. `children` is the sign-up form. */
export function ShopNewsletter({ children }: { children: ReactNode }) {
  const id = useId();
  const { t } = useI18n();
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="rounded-3xl bg-brand-charcoal px-6 py-12 text-white md:px-16 md:py-16"
    >
      <div className="mx-auto flex max-w-2xl flex-col items-center gap-4 text-center">
        <p className="text-xs font-bold tracking-[0.2em] text-brand-mint-green uppercase">
          {t("catalog.extras.newsletter")}
        </p>
        <h2 id={`${id}-heading`} className="text-3xl font-bold text-balance md:text-4xl">
          {t("catalog.extras.newsletterTitle")}
        </h2>
        <p className="text-white/85">{t("catalog.extras.newsletterText")}</p>
        {children}
      </div>
    </section>
  );
}
