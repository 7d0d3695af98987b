import { deliveryPlaceholders, type DeliveryTerms } from "~/features/checkout/delivery-promise";
import { fillPlaceholders, type PlaceholderValues } from "~/features/content/placeholders";
import type { PageContent } from "~/features/content/types";
import type { NewsletterNotice } from "~/features/newsletter/components/newsletter-form";
import { pagePath, type PolicyLink } from "~/features/pages/pages.schema";
import type { Settings } from "~/features/settings/settings.schema";
import type { FooterProps } from "./components/footer";

interface StoreChromeSources {
  footer: PageContent<"footer">;
  topBar: PageContent<"top_bar">;
  settings: Settings;
  /** The delivery terms checkout offers (deliveryTerms of the same settings). */
  delivery: DeliveryTerms;
  /** The outcome of a newsletter sign-up posted without JavaScript (routes/store/newsletter.tsx). */
  newsletterNotice: NewsletterNotice | null;
  /** The published policies in the page's language (footer links). */
  policies?: PolicyLink[];
  now?: Date;
}

/**
 * The storefront chrome's data from the footer and top-bar content and the settings: the footer
 * (only its active sections), the announcement, the social links (settings win over content) and
 * the placeholder values pages fill their content with.
 */
export function storeChrome({ footer, topBar, settings, delivery, newsletterNotice, policies = [], now = new Date() }: StoreChromeSources) {
  const placeholders: PlaceholderValues = {
    ...deliveryPlaceholders(delivery),
    year: String(now.getFullYear()),
  };
  const f = fillPlaceholders(footer.sections, placeholders);
  const active = (key: keyof typeof f) => footer.order.includes(key);
  const socialLinks = {
    facebook: settings.store.social.facebook || f.contact.content.social_links.facebook,
    instagram: settings.store.social.instagram || f.contact.content.social_links.instagram,
  };

  const footerProps: FooterProps = {
    storeName: settings.store.storeName,
    tagline: active("brand") ? f.brand.content.tagline : null,
    newsletter: active("newsletter")
      ? {
          heading: f.newsletter.content.newsletter_heading,
          description: f.newsletter.content.newsletter_description,
          buttonText: f.newsletter.content.button_text,
          notice: newsletterNotice,
        }
      : null,
    aboutLinks: active("links") ? f.links.content.about_links : null,
    supportLinks: active("links") ? f.links.content.support_links : null,
    contact: active("contact")
      ? {
          supportHours: f.contact.content.support_hours,
          supportEmail: f.contact.content.support_email,
          buttonText: f.contact.content.button_text,
          ...socialLinks,
        }
      : null,
    store: { email: settings.store.email, phone: settings.store.phone, address: settings.store.address },
    policyLinks: policies.map((policy) => ({ text: policy.title, url: pagePath("policy", policy.slug) })),
    legal: settings.legal,
    copyright: active("bottom") ? f.bottom.content.copyright : null,
  };

  const announcement = topBar.sections.announcement;
  return {
    placeholders,
    socialLinks,
    footer: footerProps,
    topBar: announcement.isActive
      ? {
          text: fillPlaceholders(announcement.content.text, placeholders),
          backgroundColor: announcement.content.background_color,
        }
      : null,
  };
}
