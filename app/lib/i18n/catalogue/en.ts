import type { Messages } from "../messages";
import { catalogTexts } from "./catalog";
import { chromeTexts } from "./chrome";
import { pagesTexts } from "./pages";

/** The storefront's English texts (SPEC.md's English texts word for word where it has them). */
export const en: Messages = {
  ...chromeTexts.en,
  ...catalogTexts.en,
  ...pagesTexts.en,
};
