import { describe, expect, it } from "vitest";
import { contentDefaults, type PageName, type SectionKey } from "~/features/content/defaults";
import type { PageContent, PageSections } from "~/features/content/types";
import { deliveryTerms } from "~/features/checkout/delivery-promise";
import { defaultSettings } from "~/features/settings/settings.schema";
import { formatVnd } from "~/lib/money";
import { storeChrome } from "./store-chrome";

/** A page's default content with only the given sections active. */
function pageWith<P extends PageName>(page: P, active: SectionKey<P>[]): PageContent<P> {
  const keys = Object.keys(contentDefaults[page]) as SectionKey<P>[];
  const sections = Object.fromEntries(
    keys.map((key, order) => [
      key,
      { key, isActive: active.includes(key), order, content: contentDefaults[page][key] },
    ]),
  ) as PageSections<P>;
  return { page, sections, order: active };
}

describe("storeChrome", () => {
  const settings = defaultSettings();
  settings.shipping.freeShippingThreshold = 1_200_000;
  settings.store.social.facebook = "https://facebook.com/uvc.care.vn";
  // No Instagram in the settings: the footer content's link is used.
  settings.store.social.instagram = "";
  const delivery = deliveryTerms(settings.shipping, settings.delivery, new Date("2026-11-25T00:00:00Z"));

  it("keeps only the footer's active sections and fills placeholders", () => {
    const footer = pageWith("footer", ["brand", "bottom"]);
    footer.sections.bottom.content = { ...footer.sections.bottom.content, copyright: "© {year} UVC Care" };
    const chrome = storeChrome({
      footer,
      topBar: pageWith("top_bar", []),
      settings,
      delivery,
      newsletterNotice: null,
      now: new Date("2026-11-25T00:00:00Z"),
    });
    expect(chrome.footer.tagline).toBe(contentDefaults.footer.brand.tagline);
    expect(chrome.footer.copyright).toBe("© 2026 UVC Care");
    expect(chrome.footer.newsletter).toBeNull();
    expect(chrome.footer.aboutLinks).toBeNull();
    expect(chrome.footer.contact).toBeNull();
    expect(chrome.topBar).toBeNull();
    expect(chrome.placeholders).toEqual({
      free_shipping_threshold: formatVnd(1_200_000),
      standard_fee: formatVnd(30_000),
      store_pickup_fee: formatVnd(0),
      year: "2026",
    });
  });

  it("shows the announcement with its placeholders filled, and lets the settings' social links win", () => {
    const topBar = pageWith("top_bar", ["announcement"]);
    topBar.sections.announcement.content = {
      ...topBar.sections.announcement.content,
      text: "Miễn phí giao hàng từ {free_shipping_threshold}, dưới mức này {standard_fee}",
    };
    const chrome = storeChrome({ footer: pageWith("footer", ["contact"]), topBar, settings, delivery, newsletterNotice: null });
    expect(chrome.topBar?.text).toBe(`Miễn phí giao hàng từ ${formatVnd(1_200_000)}, dưới mức này ${formatVnd(30_000)}`);
    expect(chrome.socialLinks.facebook).toBe("https://facebook.com/uvc.care.vn");
    expect(chrome.socialLinks.instagram).toBe(contentDefaults.footer.contact.social_links.instagram);
    expect(chrome.footer.contact?.facebook).toBe("https://facebook.com/uvc.care.vn");
  });
});
