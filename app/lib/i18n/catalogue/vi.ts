import { cartTexts } from "./cart";
import { checkoutTexts } from "./checkout";
import { catalogTexts } from "./catalog";
import { chromeTexts } from "./chrome";
import { deliveryTexts } from "./delivery";
import { pagesTexts } from "./pages";
import { reviewsTexts } from "./reviews";

/**
 * The storefront's Vietnamese texts: the shop's first language (decision 0021), one namespace
 * file per area with both languages side by side (chrome.ts, …). The English catalogue (en.ts)
 * has exactly these keys; `npm test` fails on a key missing from either or used nowhere. Only
 * the server imports catalogues (app/server/i18n.server.ts): the browser fetches its language's
 * texts as a cached file (decision 0036), so they never grow the JavaScript bundle.
 */
export const vi = {
  ...chromeTexts.vi,
  ...cartTexts.vi,
  ...checkoutTexts.vi,
  ...deliveryTexts.vi,
  ...catalogTexts.vi,
  ...pagesTexts.vi,
  ...reviewsTexts.vi,
};
