/** The intents of /admin/products/:id/variants (decision 0038), shared by its forms and its action. */
export const VARIANT_MOVE_INTENT = "variant-move";
export const VARIANT_UPDATE_INTENT = "variant-update";
