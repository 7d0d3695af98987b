import type { Messages } from "../messages";

/** The storefront's English texts (SPEC.md's English texts word for word where it has them). */
export const en: Messages = {
  chrome: {
    skipToContent: "Skip to main content",
    homeOf: "{store}, home",
    mainNav: "Main",
    mobileNav: "Mobile",
    openMenu: "Open menu",
    closeMenu: "Close menu",
    cart: { one: "Cart, {count} item", other: "Cart, {count} items" },
    announcement: "Store announcement",
    deliverTo: "Deliver to:",
    chooseLocation: "Choose location",
  },
  nav: {
    home: "HOME",
    shop: "SHOP",
    about: "ABOUT US",
    blog: "BLOG",
  },
  language: {
    switchTo: "View in Vietnamese",
    otherName: "Tiếng Việt",
  },
  footer: {
    about: "About",
    support: "Support",
    contact: "Contact",
    social: "Social media",
    onFacebook: "{store} on Facebook (opens in a new tab)",
    onInstagram: "{store} on Instagram (opens in a new tab)",
  },
  errors: {
    notFoundTitle: "Oops! Page not found",
    notFoundText: "The page you are looking for does not exist or has moved.",
    returnHome: "Return to Home",
    shopAll: "Shop all products",
    productGone: "This product does not exist or is no longer available.",
    collectionGone: "This collection does not exist or is no longer available.",
    serverErrorTitle: "Something went wrong",
    unavailableTitle: "The shop is temporarily unavailable",
    tryLater: "Please try again in a few minutes.",
    refusedTitle: "Request refused",
    reopen: "Open this page again",
  },
};
