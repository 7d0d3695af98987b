import { useLayoutEffect, useRef, useState, type ReactNode } from "react";
import { checkContentValue } from "../content.schema";
import { contentDefaults, type ContentDefaults } from "../defaults";
import { contentDefaultsVi } from "../defaults-vi";
import { BrandDescriptionSection } from "./brand-description-section";
import { ColorChooserSection } from "./color-chooser-section";
import { HeroSection } from "./hero-section";
import { HowItWorksSection } from "./how-it-works-section";
import { InstagramGallerySection } from "./instagram-gallery-section";
import { LifestyleBenefitsSection } from "./lifestyle-benefits-section";
import { TestimonialsSection } from "./testimonials-section";
import { TrustIndicatorsSection } from "./trust-indicators-section";
import { WhyChooseSection } from "./why-choose-section";

type Home = ContentDefaults["home"];

/** The storefront's own component of each home section, given the content being edited. */
const homePreviews: { [S in keyof Home]: (content: Home[S]) => ReactNode } = {
  hero: (content) => <HeroSection content={content} />,
  brand_description: (content) => <BrandDescriptionSection content={content} />,
  color_chooser: (content) => <ColorChooserSection content={content} />,
  how_it_works: (content) => <HowItWorksSection content={content} />,
  why_choose: (content) => <WhyChooseSection content={content} />,
  lifestyle_benefits: (content) => <LifestyleBenefitsSection content={content} />,
  testimonials: (content) => <TestimonialsSection content={content} />,
  trust_indicators: (content) => <TrustIndicatorsSection content={content} />,
  instagram_gallery: (content) => <InstagramGallerySection content={content} instagramUrl="" />,
};

export function hasSectionPreview(pageName: string, sectionKey: string): boolean {
  return pageName === "home" && Object.hasOwn(homePreviews, sectionKey);
}

/**
 * The values being edited merged over the section's built-in content, as the storefront merges
 * saved rows: a value that is empty or does not fit its type shows the default meanwhile.
 */
export function previewContent(
  sectionKey: keyof Home,
  values: Array<{ key: string; type: string; value: string }>,
  locale: "vi" | "en",
): Record<string, unknown> {
  const defaults = (locale === "en" ? contentDefaults : contentDefaultsVi).home[sectionKey] as Record<string, unknown>;
  const content: Record<string, unknown> = { ...defaults };
  for (const { key, type, value } of values) {
    // A file chosen but not saved yet is shown from memory.
    if (type === "image" && value.startsWith("blob:")) {
      content[key] = value;
      continue;
    }
    const check = checkContentValue(key, type, value);
    if (check.ok) content[key] = check.value;
  }
  return content;
}

/**
 * A live preview of a home section beside its editor (issue 18): the storefront's own section
 * component with the values being typed, drawn at the window's width and scaled down to fit
 * its frame, so it looks as the page will at this screen size. Not interactive (inert): its
 * links and buttons are pictures of the page, not part of the console.
 */
export function SectionPreview({
  sectionKey,
  values,
  locale,
}: {
  sectionKey: string;
  values: Array<{ key: string; type: string; value: string }>;
  locale: "vi" | "en";
}) {
  const frame = useRef<HTMLDivElement>(null);
  const inner = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState<{ width: number; scale: number; height: number } | null>(null);

  useLayoutEffect(() => {
    const outer = frame.current;
    const content = inner.current;
    if (!outer || !content) return;
    const measure = () => {
      const width = Math.max(320, window.innerWidth);
      const scale = Math.min(1, outer.clientWidth / width);
      setSize({ width, scale, height: content.offsetHeight * scale });
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(outer);
    observer.observe(content);
    window.addEventListener("resize", measure);
    return () => {
      observer.disconnect();
      window.removeEventListener("resize", measure);
    };
  }, []);

  if (!Object.hasOwn(homePreviews, sectionKey)) return null;
  const key = sectionKey as keyof Home;
  const content = previewContent(key, values, locale) as never;
  return (
    <div
      ref={frame}
      className="overflow-hidden rounded-lg border border-brand-charcoal/15 bg-white"
      style={{ height: size ? size.height : undefined }}
      data-section-preview={sectionKey}
    >
      <div
        ref={inner}
        inert
        className="origin-top-left"
        style={size ? { width: size.width, transform: `scale(${size.scale})` } : undefined}
      >
        {homePreviews[key](content)}
      </div>
    </div>
  );
}
