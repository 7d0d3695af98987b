import { Quote } from "~/components/ui/icons";
import { cn } from "~/components/ui/cn";
import type { ContentDefaults } from "../defaults";
import { SectionHeading, container } from "./section-heading";
import { StarRating } from "./star-rating";

const avatarColors = ["bg-brand-mint-green", "bg-brand-lavender", "bg-brand-butter-yellow", "bg-brand-coral"];

export function TestimonialsSection({ content }: { content: ContentDefaults["home"]["testimonials"] }) {
  return (
    <section aria-labelledby="testimonials-heading" className="py-16 md:py-24">
      <div className={container}>
        <SectionHeading id="testimonials-heading" title={content.heading} lead={content.subtitle} />
        <ul className="mt-10 grid gap-4 md:mt-14 md:grid-cols-3 md:gap-6">
          {content.testimonials.map((testimonial, index) => (
            <li key={testimonial.id}>
              <figure className="relative flex h-full flex-col gap-5 rounded-3xl border border-brand-charcoal/10 bg-white p-6 md:p-8">
                <Quote className="absolute top-6 right-6 size-8 text-brand-mint-green" aria-hidden="true" />
                <StarRating rating={testimonial.rating} />
                <blockquote className="flex-1 leading-relaxed">
                  <p>“{testimonial.text}”</p>
                </blockquote>
                <figcaption className="flex items-center gap-3">
                  <span
                    aria-hidden="true"
                    className={cn(
                      "flex size-11 items-center justify-center rounded-full font-bold",
                      avatarColors[index % avatarColors.length],
                    )}
                  >
                    {initials(testimonial.name)}
                  </span>
                  <span className="flex flex-col">
                    <span className="font-bold">{testimonial.name}</span>
                    {testimonial.role && <span className="text-sm text-brand-cool-gray">{testimonial.role}</span>}
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function initials(name: string): string {
  const words = name.trim().split(/\s+/);
  const first = words[0]?.[0] ?? "";
  const last = words.length > 1 ? words[words.length - 1][0] : "";
  return (first + last).toUpperCase();
}
