// The confirmation call's prepared message is a setting (fulfilment.confirmationMessage): its
// placeholders live beside it, so the settings screen's preview and the order page share them
// without settings importing orders (decision 0048).

/** The prepared confirmation message: {name}, {order}, {total}, {store} filled in. */
export function fillConfirmationMessage(
  template: string,
  values: { name: string; order: string; total: string; store: string },
): string {
  return template.replace(/\{(name|order|total|store)\}/g, (_, key: keyof typeof values) => values[key]);
}

export const confirmationMessageVariables = [
  { name: "{name}", description: "tên người mua" },
  { name: "{order}", description: "mã đơn hàng (DH000123)" },
  { name: "{total}", description: "tổng tiền cần thu" },
  { name: "{store}", description: "tên cửa hàng" },
] as const;
