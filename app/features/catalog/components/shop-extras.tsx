import { BadgeCheck, Quote, ShieldCheck, Truck } from "lucide-react";
import { useId, type ReactNode } from "react";
import { StarRating } from "~/features/content/components/testimonials-section";

export interface ShopTestimonial {
  name: string;
  role?: string;
  text: string;
  rating: number;
}

/** One shopper's words under the listing. */
export function ShopTestimonial({ testimonial }: { testimonial: ShopTestimonial }) {
  return (
    <section aria-labelledby="shop-testimonial-heading" className="rounded-3xl bg-brand-mint-green/40 px-6 py-12 md:px-16 md:py-16">
      <figure className="mx-auto flex max-w-3xl flex-col items-center gap-5 text-center">
        <h2 id="shop-testimonial-heading" className="sr-only">
          What our customers say
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
  const points = [
    { icon: Truck, title: "Free delivery", text: `On orders from ${freeShippingText}, anywhere in Vietnam. Pay cash on delivery.` },
    { icon: ShieldCheck, title: "12-month warranty", text: "Every sterilizer is covered for a full year, battery included." },
    { icon: BadgeCheck, title: "30-day money-back", text: "Not happy? Send it back within 30 days for a full refund." },
  ];
  return (
    <section aria-labelledby="shop-features-heading">
      <h2 id="shop-features-heading" className="sr-only">
        Why shop with us
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
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="rounded-3xl bg-brand-charcoal px-6 py-12 text-white md:px-16 md:py-16"
    >
      <div className="mx-auto flex max-w-2xl flex-col items-center gap-4 text-center">
        <p className="text-xs font-bold tracking-[0.2em] text-brand-mint-green uppercase">Newsletter</p>
        <h2 id={`${id}-heading`} className="text-3xl font-bold text-balance md:text-4xl">
          Join the clean-routine club: 10% off your first order
        </h2>
        <p className="text-white/85">
          Join our newsletter for oral-care tips, new colours and members-only offers. Your code arrives right after you sign up.
        </p>
        {children}
      </div>
    </section>
  );
}
