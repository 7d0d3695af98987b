import { createElement, type ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { catalogueOf } from "~/lib/i18n/catalogue-store";
import { I18nProvider } from "~/lib/i18n/i18n-context";
import type { Locale } from "~/lib/i18n/locale";
// Registers both languages' texts, as the server does when it starts.
import "~/server/i18n.server";
import { STORE_LAYOUT_ROUTE_ID } from "../store-layout-data";
import { Footer } from "./footer";
import { Header } from "./header";
import { TopBar } from "./top-bar";

/** The storefront frame's parts as the server renders them, in one language, inside the store layout's route. */
function render(locale: Locale, element: ReactElement): string {
  const messages = catalogueOf(locale);
  const router = createMemoryRouter(
    [
      {
        id: STORE_LAYOUT_ROUTE_ID,
        path: "*",
        loader: () => null,
        element: createElement(I18nProvider, { locale, messages, children: element }),
      },
    ],
    { hydrationData: { loaderData: { [STORE_LAYOUT_ROUTE_ID]: null } } },
  );
  return renderToString(createElement(RouterProvider, { router }));
}

const noop = () => {};
const footerProps = {
  storeName: "UVC Care",
  tagline: null,
  newsletter: null,
  aboutLinks: null,
  supportLinks: null,
  contact: null,
  store: { email: "", phone: "", address: "" },
  policyLinks: [],
  legal: {
    businessName: "",
    taxCode: "",
    registration: "",
    registeredAddress: "",
    hotline: "",
    email: "",
    moitNotificationUrl: "",
  },
  copyright: null,
};

/** Every link to the order look-up in the markup, with its visible text or label. */
function trackLinks(html: string): string[] {
  return [...html.matchAll(/<a [^>]*href="([^"]*order-lookup)"[^>]*>([\s\S]*?)<\/a>/g)].map(([tag, url, inner]) => {
    const label = /aria-label="([^"]+)"/.exec(tag)?.[1] ?? inner.replace(/<[^>]+>/g, "").trim();
    return `${url} ${label}`;
  });
}

describe("order tracking from every storefront page (issue 31)", () => {
  it.each([
    ["vi", "/order-lookup Tra cứu đơn hàng"],
    ["en", "/en/order-lookup Track your order"],
  ] as const)("the header, top bar and footer link it in %s", (locale, expected) => {
    const header = render(
      locale,
      createElement(Header, { storeName: "UVC Care", location: null, onOpenLocation: noop }),
    );
    expect(trackLinks(header)).toEqual([expected]);
    const topBar = render(
      locale,
      createElement(TopBar, {
        text: "Miễn phí giao hàng",
        backgroundColor: "#0f766e",
        location: null,
        onOpenLocation: noop,
      }),
    );
    expect(trackLinks(topBar)).toEqual([expected]);
    expect(trackLinks(render(locale, createElement(Footer, footerProps)))).toEqual([expected]);
  });
});
