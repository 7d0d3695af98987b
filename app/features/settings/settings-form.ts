import { deliveryRulesInputFromForm } from "./delivery-rules-form";
import { checkoutLayouts, type SettingsKey } from "./settings.schema";

/**
 * The admin settings screen's forms: which group each tab saves, its success toast (SPEC §8),
 * and how its form fields become the group's input for saveSetting. Safe for the browser.
 */
export const settingsTabs = ["store", "legal", "shipping", "delivery", "tax", "currency", "payment", "fulfilment", "checkout", "email_templates", "admin_sessions"] as const;
export type SettingsTab = (typeof settingsTabs)[number];

/** The groups a form can save (the payment tab saves the COD order caps). */
export type EditableGroup = Extract<
  SettingsKey,
  | "store"
  | "legal"
  | "shipping"
  | "delivery"
  | "tax"
  | "currency"
  | "payment"
  | "fulfilment"
  | "checkout"
  | "email_templates"
  | "admin_sessions"
>;
export const editableGroups: EditableGroup[] = [
  "store",
  "legal",
  "shipping",
  "delivery",
  "tax",
  "currency",
  "payment",
  "fulfilment",
  "checkout",
  "email_templates",
  "admin_sessions",
];

export function isEditableGroup(value: string): value is EditableGroup {
  return (editableGroups as string[]).includes(value);
}

export const settingsSavedMessages: Record<EditableGroup, string> = {
  store: "Cài đặt cửa hàng đã được cập nhật",
  legal: "Thông tin doanh nghiệp đã được cập nhật",
  shipping: "Cài đặt vận chuyển đã được cập nhật",
  delivery: "Thời gian giao hàng đã được cập nhật",
  tax: "Cài đặt thuế đã được cập nhật",
  currency: "Cài đặt tiền tệ đã được cập nhật",
  payment: "Giới hạn đơn COD đã được cập nhật",
  fulfilment: "Cài đặt vận hành COD đã được cập nhật",
  checkout: "Cài đặt trang đặt hàng đã được cập nhật",
  email_templates: "Cài đặt email đã được cập nhật",
  admin_sessions: "Cài đặt phiên đăng nhập đã được cập nhật",
};

/** "7,4" or "7.4" (%) → 740 basis points; null when it is not a number between 0 and 100 with at most 2 decimals. */
export function percentToBasisPoints(text: string): number | null {
  const value = text.trim().replace(",", ".").replace(/%$/, "").trim();
  if (!/^\d{1,3}(?:\.\d{1,2})?$/.test(value)) return null;
  const bp = Math.round(Number(value) * 100);
  return bp >= 0 && bp <= 10_000 ? bp : null;
}

/** 740 → "7,4" (vi-VN decimal comma), for the VAT input. */
export function basisPointsToPercent(bp: number): string {
  return (bp / 100).toLocaleString("vi-VN", { maximumFractionDigits: 2, useGrouping: false });
}

export const VAT_RATE_ERROR = "Thuế suất phải là số từ 0 đến 100 (tối đa 2 chữ số thập phân)";

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};
const flag = (form: FormData, name: string) => (form.get(name) === "on" || form.get(name) === "true" ? "true" : "false");

/**
 * The input of a group as its form sends it (strings as typed; switches "on" or absent). Field
 * errors from the schema come back keyed by these names (nested ones dotted: social.facebook,
 * orderConfirmation.subject). The tax form sends a percentage, checked here; the delivery rules'
 * form its rows, checked here too so each message lands on the row the form showed.
 */
export function settingsInputFromForm(
  group: EditableGroup,
  form: FormData,
): { ok: true; value: unknown } | { ok: false; fieldErrors: Record<string, string> } {
  switch (group) {
    case "store":
      return {
        ok: true,
        value: {
          storeName: text(form, "storeName"),
          email: text(form, "email"),
          phone: text(form, "phone"),
          address: text(form, "address"),
          social: { facebook: text(form, "social.facebook"), instagram: text(form, "social.instagram") },
        },
      };
    case "legal":
      return {
        ok: true,
        value: {
          businessName: text(form, "businessName"),
          taxCode: text(form, "taxCode"),
          registration: text(form, "registration"),
          registeredAddress: text(form, "registeredAddress"),
          hotline: text(form, "hotline"),
          email: text(form, "email"),
          moitNotificationUrl: text(form, "moitNotificationUrl"),
        },
      };
    case "shipping":
      return {
        ok: true,
        value: {
          freeShippingThreshold: text(form, "freeShippingThreshold"),
          standardFee: text(form, "standardFee"),
          expressFee: text(form, "expressFee"),
          storePickupFee: text(form, "storePickupFee"),
          expressEnabled: flag(form, "expressEnabled"),
        },
      };
    case "delivery":
      return deliveryRulesInputFromForm(form);
    case "tax": {
      const bp = percentToBasisPoints(text(form, "vatRatePercent"));
      return bp === null ? { ok: false, fieldErrors: { vatRatePercent: VAT_RATE_ERROR } } : { ok: true, value: { vatRateBasisPoints: bp } };
    }
    case "currency":
      return { ok: true, value: { usdExchangeRate: text(form, "usdExchangeRate"), showUsd: flag(form, "showUsd") } };
    case "payment":
      return { ok: true, value: { codMaxUnits: text(form, "codMaxUnits"), codMaxOrderValue: text(form, "codMaxOrderValue") } };
    case "fulfilment":
      return {
        ok: true,
        value: {
          requireConfirmation: flag(form, "requireConfirmation"),
          retryAfterMinutes: text(form, "retryAfterMinutes"),
          maxConfirmationAttempts: text(form, "maxConfirmationAttempts"),
          confirmationMessage: text(form, "confirmationMessage"),
          riskOpenOrders: text(form, "riskOpenOrders"),
          riskValueMultiple: text(form, "riskValueMultiple"),
          defaultWeightGrams: text(form, "defaultWeightGrams"),
          defaultLengthCm: text(form, "defaultLengthCm"),
          defaultWidthCm: text(form, "defaultWidthCm"),
          defaultHeightCm: text(form, "defaultHeightCm"),
          defaultCourierNote: text(form, "defaultCourierNote"),
          revenueBasis: text(form, "revenueBasis"),
          payoutProvesDelivery: flag(form, "payoutProvesDelivery"),
        },
      };
    case "checkout": {
      const chosen = {
        nameFields: text(form, "nameFields"),
        email: text(form, "email"),
        postalCode: text(form, "postalCode"),
        company: text(form, "company"),
        city: text(form, "city"),
        phoneFirst: flag(form, "phoneFirst"),
      };
      // A layout button posts the form as it is plus preset=vietnam-cod or preset=spec: the layout's fields win.
      const preset = form.get("preset");
      if (preset === null) return { ok: true, value: chosen };
      const layout = Object.entries(checkoutLayouts).find(([name]) => name === preset)?.[1];
      return layout
        ? { ok: true, value: { ...chosen, ...layout } }
        : { ok: false, fieldErrors: { preset: "Mẫu trang đặt hàng không hợp lệ" } };
    }
    case "email_templates":
      return {
        ok: true,
        value: {
          orderConfirmation: {
            subject: text(form, "orderConfirmation.subject"),
            body: text(form, "orderConfirmation.body"),
          },
          orderShipped: { subject: text(form, "orderShipped.subject"), body: text(form, "orderShipped.body") },
          english: {
            orderConfirmation: {
              subject: text(form, "english.orderConfirmation.subject"),
              body: text(form, "english.orderConfirmation.body"),
            },
            orderShipped: { subject: text(form, "english.orderShipped.subject"), body: text(form, "english.orderShipped.body") },
          },
        },
      };
    case "admin_sessions":
      return {
        ok: true,
        value: {
          idleTimeoutMinutes: text(form, "idleTimeoutMinutes"),
          absoluteLifetimeHours: text(form, "absoluteLifetimeHours"),
          allowStaySignedIn: flag(form, "allowStaySignedIn"),
        },
      };
  }
}
