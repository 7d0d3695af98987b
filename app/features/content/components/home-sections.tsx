import type { ReactNode } from "react";
import type { PageContent } from "../types";
import { BrandDescriptionSection } from "./brand-description-section";
import { ColorChooserSection } from "./color-chooser-section";
import { HeroSection } from "./hero-section";
import { HowItWorksSection } from "./how-it-works-section";
import { InstagramGallerySection } from "./instagram-gallery-section";
import { LifestyleBenefitsSection } from "./lifestyle-benefits-section";
import { TestimonialsSection } from "./testimonials-section";
import { TrustIndicatorsSection } from "./trust-indicators-section";
import { WhyChooseSection } from "./why-choose-section";

interface HomeSectionsProps {
  content: PageContent<"home">;
  storeName: string;
  instagramUrl: string;
}

/** The home page: its active sections in the order the admin set. */
export function HomeSections({ content, storeName, instagramUrl }: HomeSectionsProps) {
  const s = content.sections;
  const render: { [K in keyof typeof s]: () => ReactNode } = {
    hero: () => <HeroSection content={s.hero.content} />,
    brand_description: () => <BrandDescriptionSection content={s.brand_description.content} />,
    color_chooser: () => <ColorChooserSection content={s.color_chooser.content} />,
    how_it_works: () => <HowItWorksSection content={s.how_it_works.content} />,
    why_choose: () => <WhyChooseSection content={s.why_choose.content} />,
    lifestyle_benefits: () => <LifestyleBenefitsSection content={s.lifestyle_benefits.content} />,
    testimonials: () => <TestimonialsSection content={s.testimonials.content} />,
    trust_indicators: () => <TrustIndicatorsSection content={s.trust_indicators.content} />,
    instagram_gallery: () => (
      <InstagramGallerySection content={s.instagram_gallery.content} instagramUrl={instagramUrl} />
    ),
  };
  return (
    <>
      {/* Every page has one h1: the hero's, or this one when the hero is switched off. */}
      {!content.order.includes("hero") && <h1 className="sr-only">{storeName}</h1>}
      {content.order.map((key) => (
        <div key={key} data-section={key}>
          {render[key]()}
        </div>
      ))}
    </>
  );
}
