/**
 * The brand name used in the header, footer, e-mails and page titles when none is saved. Its own
 * module (no zod) so storefront pages can use it without loading the settings schemas.
 */
export const DEFAULT_STORE_NAME = "UVC Care";
