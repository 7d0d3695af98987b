/**
 * The answer to every valid sign-up, whether the address is new, waiting for its confirmation or
 * already on the list (nobody learns who subscribed): a catalogue key, shown in the page's language.
 * Its own module (no zod) so the storefront form can use it.
 */
export const NEWSLETTER_CHECK_INBOX = "pages.newsletter.checkInbox";

/**
 * Messages of the confirmation and unsubscribe pages, reached from the e-mail (catalogue keys).
 * Here, not in newsletter.schema.ts: those pages would load zod with them.
 */
export const newsletterLinkMessages = {
  invalidLink: "pages.newsletter.invalidLink",
  expiredLink: "pages.newsletter.expiredLink",
  invalidUnsubscribe: "pages.newsletter.invalidUnsubscribe",
} as const;
