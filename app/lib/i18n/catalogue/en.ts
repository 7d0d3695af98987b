import type { Messages } from "../messages";
import { cartTexts } from "./cart";
import { checkoutTexts } from "./checkout";
import { catalogTexts } from "./catalog";
import { chromeTexts } from "./chrome";
import { deliveryTexts } from "./delivery";
import { pagesTexts } from "./pages";
import { reviewsTexts } from "./reviews";

/** The storefront's English texts (SPEC.md's English texts word for word where it has them). */
export const en: Messages = {
  ...chromeTexts.en,
  ...cartTexts.en,
  ...checkoutTexts.en,
  ...deliveryTexts.en,
  ...catalogTexts.en,
  ...pagesTexts.en,
  ...reviewsTexts.en,
};
