/**
 * The answer to every valid sign-up, whether the address is new, waiting for its confirmation or
 * already on the list (nobody learns who subscribed). Its own module (no zod) so the storefront
 * form can use it.
 */
export const NEWSLETTER_CHECK_INBOX = "Almost there! Check your inbox and open the link we sent to confirm your subscription.";
