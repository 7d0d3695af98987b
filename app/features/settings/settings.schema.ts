import { z } from "zod";
import { deliveryRulesSettingsSchema } from "./delivery-rules.schema";
import { DEFAULT_STORE_NAME } from "./store-name";

export {
  deliveryRulesSettingsSchema,
  HANOI_PROVINCE_CODE,
  HO_CHI_MINH_PROVINCE_CODE,
  weekdayLabels,
  type DeliveryRegion,
  type DeliveryRules,
} from "./delivery-rules.schema";

/**
 * Store settings, one group per row of the settings table (key → JSON value). Every field has
 * a default, so a fresh database, a row written by an older version (missing fields) and the
 * admin forms all parse to a complete value. Shared by the admin forms and the server.
 */

// Form-friendly field types: accept numbers, or strings as typed in an input
// ("1.000.000", "30000", " 50 000 "), and "on"/"true"/"false" for switches.

/** "1.000.000 ₫" → 1000000; "" → undefined (so the field is reported as missing). */
function parseAmountText(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const digits = value.replace(/[\s.,₫đ]/gi, "");
  return digits === "" ? undefined : Number(digits);
}

/** A whole number of đồng, at least 0. */
const vndAmount = z.preprocess(
  parseAmountText,
  z
    .number({ error: "Vui lòng nhập số tiền" })
    .int("Số tiền phải là số nguyên")
    .min(0, "Số tiền không được âm")
    .max(1_000_000_000_000, "Số tiền quá lớn"),
);

const wholeNumber = (max: number) =>
  z.preprocess(
    (value) => (typeof value === "string" ? (value.trim() === "" ? undefined : Number(value.trim())) : value),
    z.number({ error: "Vui lòng nhập một số" }).int("Phải là số nguyên").min(0, "Không được âm").max(max),
  );

/** A whole number between min and max, with the bounds told in the message ("phút", "giờ"). */
const boundedWholeNumber = (min: number, max: number, unit: string) =>
  z.preprocess(
    (value) => (typeof value === "string" ? (value.trim() === "" ? undefined : Number(value.trim())) : value),
    z
      .number({ error: "Vui lòng nhập một số" })
      .int("Phải là số nguyên")
      .min(min, `Tối thiểu ${min} ${unit}`)
      .max(max, `Tối đa ${max} ${unit}`),
  );

const flag = z.preprocess((value) => {
  if (typeof value !== "string") return value;
  const v = value.trim().toLowerCase();
  if (v === "on" || v === "true" || v === "1") return true;
  if (v === "off" || v === "false" || v === "0" || v === "") return false;
  return value;
}, z.boolean());

const optionalText = (max: number) => z.string().trim().max(max);

/** "" or a valid e-mail address. */
const optionalEmail = z
  .string()
  .trim()
  .refine((v) => v === "" || z.email().safeParse(v).success, "Email không hợp lệ");

/** "" or an http(s) URL. */
const optionalUrl = z
  .string()
  .trim()
  .refine((v) => v === "" || /^https?:\/\/\S+$/i.test(v), "Đường dẫn phải bắt đầu bằng http:// hoặc https://");

export const storeSettingsSchema = z.object({
  storeName: z.string().trim().min(1, "Vui lòng nhập tên cửa hàng").max(100).default(DEFAULT_STORE_NAME),
  email: optionalEmail.default("hello@uvccare.vn"),
  phone: optionalText(30).default("1900 6868"),
  address: optionalText(300).default("123 Nguyễn Huệ, Phường Sài Gòn, TP. Hồ Chí Minh"),
  social: z
    .object({
      facebook: optionalUrl.default("https://facebook.com/uvccare.vn"),
      instagram: optionalUrl.default("https://instagram.com/uvccare.vn"),
    })
    .default({ facebook: "https://facebook.com/uvccare.vn", instagram: "https://instagram.com/uvccare.vn" }),
});

/** "" or a Vietnamese enterprise / tax code: 10 digits, or 10 digits, a hyphen and 3 for a branch. */
const optionalTaxCode = z
  .string()
  .trim()
  .refine(
    (v) => v === "" || /^\d{10}(?:-\d{3})?$/.test(v),
    "Mã số doanh nghiệp gồm 10 chữ số (chi nhánh: 10 chữ số, dấu gạch ngang và 3 chữ số)",
  );

/**
 * The business behind the shop, as Vietnamese e-commerce rules ask a shop website to show
 * (issue 19 item 5; Decree 52/2013/NĐ-CP as amended by 85/2021/NĐ-CP): the footer shows these, and the
 * "Đã thông báo Bộ Công Thương" badge linking to the notification once its link is set.
 */
export const legalSettingsSchema = z.object({
  businessName: optionalText(200).default("Công ty TNHH UVC Care Việt Nam"),
  taxCode: optionalTaxCode.default("0318123456"),
  /** Who issued the enterprise code and when ("Sở KH&ĐT TP. Hồ Chí Minh cấp ngày 12/03/2024"). */
  registration: optionalText(200).default("Sở Kế hoạch và Đầu tư TP. Hồ Chí Minh cấp ngày 12/03/2024"),
  registeredAddress: optionalText(300).default("123 Nguyễn Huệ, Phường Sài Gòn, TP. Hồ Chí Minh"),
  hotline: optionalText(30).default("1900 6868"),
  email: optionalEmail.default("hello@uvccare.vn"),
  /** The shop's page on the Ministry of Industry and Trade's portal (online.gov.vn); "" hides the badge. */
  moitNotificationUrl: optionalUrl.default(""),
});

export const shippingSettingsSchema = z.object({
  /** Orders whose subtotal (after discount) reaches this get free standard delivery. */
  freeShippingThreshold: vndAmount.default(1_000_000),
  /** Local delivery fee. */
  standardFee: vndAmount.default(30_000),
  expressFee: vndAmount.default(50_000),
  /** Express delivery is offered at checkout only when enabled. */
  expressEnabled: flag.default(false),
  storePickupFee: vndAmount.default(0),
});

export const taxSettingsSchema = z.object({
  /** VAT included in prices, in basis points (740 = 7.4 %), shown as informational tax. */
  vatRateBasisPoints: wholeNumber(10_000).default(740),
});

export const currencySettingsSchema = z.object({
  /** Đồng per US dollar, for the optional USD reference price on the storefront. */
  usdExchangeRate: wholeNumber(1_000_000).pipe(z.number().min(1, "Tỷ giá phải lớn hơn 0")).default(25_000),
  showUsd: flag.default(false),
});

/**
 * Cash on delivery is unpaid until the courier collects it: an anonymous order holds stock on
 * nothing but a phone number. Orders above either cap are refused (issue 13 item 7); a larger
 * order goes through the shop by phone.
 */
export const paymentSettingsSchema = z.object({
  /** Most units (all lines together) one COD order may hold. */
  codMaxUnits: wholeNumber(100_000).pipe(z.number().min(1, "Phải từ 1 sản phẩm trở lên")).default(20),
  /** Highest goods value (subtotal at current prices, before discount) of one COD order, whole đồng. */
  codMaxOrderValue: vndAmount.pipe(z.number().min(1, "Phải lớn hơn 0")).default(20_000_000),
});

/** How the checkout asks for a field the shop may not need: SPEC §5 asks for all of them. */
export const fieldRequirements = ["required", "optional", "hidden"] as const;
export type FieldRequirement = (typeof fieldRequirements)[number];

/** "split": first and last name (SPEC §5); "full": one "Họ và tên" field. */
const nameFieldChoices = ["split", "full"] as const;

/** The fields a checkout layout decides; the company choice is the merchant's own under both. */
interface CheckoutLayout {
  nameFields: (typeof nameFieldChoices)[number];
  email: FieldRequirement;
  postalCode: FieldRequirement;
  /** The free "Thành phố" line: SPEC's form asks it; in Vietnam the province and ward say it. */
  city: "optional" | "hidden";
  phoneFirst: boolean;
}

/**
 * The "Vietnam COD" layout, a new shop's checkout (issue 31, decision 0059): one name field, phone
 * first, e-mail optional, no postal code (Vietnamese couriers deliver by ward, not postcode) and no
 * free city line (the province and ward name it).
 */
export const vietnamCodPreset = {
  nameFields: "full",
  email: "optional",
  postalCode: "hidden",
  city: "hidden",
  phoneFirst: true,
} as const satisfies CheckoutLayout;

/**
 * SPEC §5's form, a layout the merchant can pick: e-mail first and required, first and last name,
 * postal code required, the phone after the address. Shops that had taken orders before the
 * preset became the default keep it (migration 0030).
 */
export const specCheckoutLayout = {
  nameFields: "split",
  email: "required",
  postalCode: "required",
  city: "optional",
  phoneFirst: false,
} as const satisfies CheckoutLayout;

/** The layouts the console applies in one click, by the value its button posts as `preset`. */
export const checkoutLayouts = { "vietnam-cod": vietnamCodPreset, spec: specCheckoutLayout } as const;

/**
 * The checkout's information step as the merchant chooses it (issue 15 part 5, like Shopify's
 * checkout settings). The defaults are the Vietnam COD preset; the server validates exactly these.
 */
export const checkoutFieldsSettingsSchema = z.object({
  nameFields: z.enum(nameFieldChoices).default(vietnamCodPreset.nameFields),
  email: z.enum(fieldRequirements).default(vietnamCodPreset.email),
  postalCode: z.enum(fieldRequirements).default(vietnamCodPreset.postalCode),
  company: z.enum(["optional", "hidden"]).default("optional"),
  city: z.enum(["optional", "hidden"]).default(vietnamCodPreset.city),
  /** The phone number comes first on the information step (a COD courier calls it). */
  phoneFirst: flag.default(vietnamCodPreset.phoneFirst),
});
export type CheckoutFieldsSettings = z.output<typeof checkoutFieldsSettingsSchema>;

/** Placeholders the e-mail templates may use. */
export const emailTemplateVariables = ["store_name", "order_number", "customer_name", "order_lookup_url"] as const;
export type EmailTemplateVariable = (typeof emailTemplateVariables)[number];

const templateSchema = z.object({
  subject: z.string().trim().min(1, "Vui lòng nhập tiêu đề").max(200),
  body: z.string().trim().min(1, "Vui lòng nhập nội dung").max(10_000),
});

export const defaultEmailTemplates = {
  orderConfirmation: {
    subject: "{{store_name}} - Xác nhận đơn hàng {{order_number}}",
    body: [
      "Xin chào {{customer_name}},",
      "",
      "Cảm ơn bạn đã đặt hàng tại {{store_name}}! Chúng tôi đã nhận được đơn hàng {{order_number}} và đang chuẩn bị hàng cho bạn.",
      "",
      "Phương thức thanh toán: Thanh toán khi nhận hàng (COD). Bạn chỉ cần thanh toán khi nhận được sản phẩm.",
      "",
      "Chúng tôi sẽ gửi email thông báo ngay khi đơn hàng được giao cho đơn vị vận chuyển. Nếu cần hỗ trợ, bạn chỉ cần trả lời email này.",
      "",
      "Theo dõi đơn hàng: {{order_lookup_url}}",
      "",
      "Trân trọng,",
      "Đội ngũ {{store_name}}",
    ].join("\n"),
  },
  orderShipped: {
    subject: "{{store_name}} - Đơn hàng {{order_number}} đang được giao",
    body: [
      "Xin chào {{customer_name}},",
      "",
      "Tin vui! Đơn hàng {{order_number}} của bạn đã được giao cho đơn vị vận chuyển và sẽ sớm đến tay bạn.",
      "",
      "Vui lòng giữ điện thoại để nhân viên giao hàng liên hệ, và chuẩn bị số tiền cần thanh toán khi nhận hàng (COD).",
      "",
      "Theo dõi đơn hàng: {{order_lookup_url}}",
      "",
      "Cảm ơn bạn đã tin chọn {{store_name}}. Chúc bạn và gia đình luôn khỏe mạnh!",
      "",
      "Trân trọng,",
      "Đội ngũ {{store_name}}",
    ].join("\n"),
  },
} as const;

/** The English edition of the order e-mails (issue 15): an empty subject or body falls back to the Vietnamese one. */
export const defaultEnglishEmailTemplates = {
  orderConfirmation: {
    subject: "{{store_name}} - Order {{order_number}} confirmed",
    body: [
      "Hello {{customer_name}},",
      "",
      "Thank you for your order at {{store_name}}! We have received order {{order_number}} and are getting it ready.",
      "",
      "Payment: cash on delivery (COD). You pay when the parcel reaches you.",
      "",
      "We will e-mail you as soon as the order is handed to the courier. If you need help, just reply to this e-mail.",
      "",
      "Track your order: {{order_lookup_url}}",
      "",
      "Kind regards,",
      "The {{store_name}} team",
    ].join("\n"),
  },
  orderShipped: {
    subject: "{{store_name}} - Order {{order_number}} is on its way",
    body: [
      "Hello {{customer_name}},",
      "",
      "Good news! Order {{order_number}} has been handed to the courier and will reach you soon.",
      "",
      "Please keep your phone at hand for the courier's call, and have the amount due ready in cash (COD).",
      "",
      "Track your order: {{order_lookup_url}}",
      "",
      "Thank you for choosing {{store_name}}. Wishing you and your family good health!",
      "",
      "Kind regards,",
      "The {{store_name}} team",
    ].join("\n"),
  },
} as const;

const optionalTemplateSchema = z.object({
  subject: z.string().trim().max(200).default(""),
  body: z.string().trim().max(10_000).default(""),
});

export const emailTemplatesSettingsSchema = z.object({
  orderConfirmation: templateSchema.default(defaultEmailTemplates.orderConfirmation),
  orderShipped: templateSchema.default(defaultEmailTemplates.orderShipped),
  english: z
    .object({
      orderConfirmation: optionalTemplateSchema.default(defaultEnglishEmailTemplates.orderConfirmation),
      orderShipped: optionalTemplateSchema.default(defaultEnglishEmailTemplates.orderShipped),
    })
    .default(defaultEnglishEmailTemplates),
});

/**
 * The template an order e-mail is written with: the English one for an order placed on the
 * English site when its subject and body are both filled in, the Vietnamese one otherwise.
 */
export function emailTemplateFor(
  templates: EmailTemplatesSettings,
  key: "orderConfirmation" | "orderShipped",
  locale: "vi" | "en",
): { subject: string; body: string } {
  const english = templates.english[key];
  return locale === "en" && english.subject && english.body ? english : templates[key];
}

export const lowStockSettingsSchema = z.object({
  /** The dashboard lists tracked products whose stock is at or below this (SPEC §9: 10). */
  dashboardThreshold: wholeNumber(1_000_000).default(10),
});

export const marketingSettingsSchema = z.object({
  /**
   * The discount code shown to a new newsletter subscriber (a code of the discount_codes table;
   * the seeded MAROU10 gives 10 % off the first order). Empty: no code is shown.
   */
  newsletterDiscountCode: z
    .string()
    .trim()
    .toUpperCase()
    .max(50)
    .regex(/^[A-Z0-9_-]*$/, "Mã chỉ gồm chữ, số, gạch ngang")
    .default("MAROU10"),
});

/** The longest an admin session may last: better-auth's own session and cookie end after 7 days. */
export const ADMIN_SESSION_MAX_HOURS = 7 * 24;
/** The shortest idle timeout (minutes) and lifetime (hours) the console accepts. */
export const ADMIN_SESSION_MIN_IDLE_MINUTES = 5;
export const ADMIN_SESSION_MIN_HOURS = 1;

/** The defaults (decision 0045): ASVS 4.0 level 2, V3.3.2: 30 minutes idle, 12 hours at most. */
export const ADMIN_SESSION_DEFAULT_IDLE_MINUTES = 30;
export const ADMIN_SESSION_DEFAULT_HOURS = 12;

/**
 * How long an admin stays signed in (issue 13 item 12, issue 30): the session ends after this
 * many minutes without an admin request, and in any case this many hours after sign-in. While
 * `allowStaySignedIn` holds, the login page offers "stay signed in on this device": such a session
 * is not ended by the idle timeout, only by its lifetime.
 */
export const adminSessionSettingsSchema = z
  .object({
    idleTimeoutMinutes: boundedWholeNumber(ADMIN_SESSION_MIN_IDLE_MINUTES, ADMIN_SESSION_MAX_HOURS * 60, "phút").default(
      ADMIN_SESSION_DEFAULT_IDLE_MINUTES,
    ),
    absoluteLifetimeHours: boundedWholeNumber(ADMIN_SESSION_MIN_HOURS, ADMIN_SESSION_MAX_HOURS, "giờ").default(
      ADMIN_SESSION_DEFAULT_HOURS,
    ),
    allowStaySignedIn: flag.default(true),
  })
  .refine((value) => value.idleTimeoutMinutes <= value.absoluteLifetimeHours * 60, {
    path: ["idleTimeoutMinutes"],
    message: "Thời gian chờ không được dài hơn thời hạn tối đa của phiên",
  });

/**
 * COD operations (issue 16): confirming orders by phone, buyer-risk thresholds, parcel defaults for
 * shipments, and what the dashboard and reports count as revenue.
 */
export const fulfilmentSettingsSchema = z.object({
  /** New orders must be confirmed with the buyer before a shipment can be created. */
  requireConfirmation: flag.default(true),
  /** After an unanswered call, when to try again (minutes). */
  retryAfterMinutes: boundedWholeNumber(5, 7 * 24 * 60, "phút").default(120),
  /** Unanswered calls after which the queue marks the order for cancelling. */
  maxConfirmationAttempts: boundedWholeNumber(1, 20, "lần").default(3),
  /** The prepared message (Zalo / SMS); {name}, {order}, {total}, {store} are filled in. */
  confirmationMessage: z
    .string()
    .trim()
    .min(1, "Vui lòng nhập nội dung tin nhắn")
    .max(1000)
    .default(
      "Chào {name}, {store} xin xác nhận đơn hàng {order} trị giá {total}, thanh toán khi nhận hàng. Anh/chị vui lòng trả lời \"Đồng ý\" để shop giao hàng ạ.",
    ),
  /** Buyer risk: open orders of one phone from which it is flagged… */
  riskOpenOrders: boundedWholeNumber(1, 100, "đơn").default(2),
  /** …and an order this many times the shop's average order value. */
  riskValueMultiple: boundedWholeNumber(2, 100, "lần").default(3),
  /** A parcel's defaults when its products have none (grams, centimetres). */
  defaultWeightGrams: boundedWholeNumber(1, 50_000, "g").default(300),
  defaultLengthCm: boundedWholeNumber(1, 200, "cm").default(20),
  defaultWidthCm: boundedWholeNumber(1, 200, "cm").default(15),
  defaultHeightCm: boundedWholeNumber(1, 200, "cm").default(10),
  /** Printed on the label for the courier. */
  defaultCourierNote: optionalText(500).default("Cho xem hàng, không thử"),
  /** "delivered": revenue counts delivered or paid orders (cash basis); "placed": every order not cancelled or returned. */
  revenueBasis: z.enum(["delivered", "placed"]).default("delivered"),
  /** A carrier's payout carrying a parcel's exact COD proves it delivered (as Sapo does): the parcel is marked delivered and paid. */
  payoutProvesDelivery: flag.default(false),
});

/**
 * What the owner lets each other role do beyond its pages (issue 30, decision 0046): see revenue
 * and reports, export customer data (customers, subscribers, orders), mark orders paid by hand,
 * give manual discounts. The owner always may; nobody else by default.
 */
export const staffPermissionValues = ["viewRevenue", "exportCustomerData", "markPaid", "manualDiscounts"] as const;
export type StaffPermission = (typeof staffPermissionValues)[number];

export const staffPermissionLabels: Record<StaffPermission, { label: string; description: string }> = {
  viewRevenue: {
    label: "Xem doanh thu và báo cáo",
    description: "Thẻ doanh thu trên trang tổng quan, trang Báo cáo và file CSV báo cáo",
  },
  exportCustomerData: {
    label: "Xuất dữ liệu khách hàng",
    description: "File CSV khách hàng, người đăng ký bản tin và đơn hàng (tên, điện thoại, địa chỉ)",
  },
  markPaid: {
    label: "Đánh dấu đã thanh toán",
    description: "Đổi trạng thái thanh toán của đơn bằng tay (đối soát COD từ file của hãng vận chuyển vẫn được)",
  },
  manualDiscounts: {
    label: "Giảm giá thủ công",
    description: "Tạo, sửa và tắt mã giảm giá (trang Mã giảm giá)",
  },
};

/** The roles whose permissions the owner sets (the owner's own are all, and not editable). */
export const permissionRoles = ["staff", "content"] as const;
export type PermissionRole = (typeof permissionRoles)[number];

const rolePermissionsSchema = z.object(
  Object.fromEntries(staffPermissionValues.map((permission) => [permission, flag.default(false)])) as Record<
    StaffPermission,
    z.ZodDefault<typeof flag>
  >,
);

export const staffPermissionsSettingsSchema = z.object({
  staff: rolePermissionsSchema.default(rolePermissionsSchema.parse({})),
  content: rolePermissionsSchema.default(rolePermissionsSchema.parse({})),
});

/** Who vouched for a checklist item only the owner can confirm, and when (ISO). */
const launchConfirmationSchema = z.object({ at: z.string(), by: z.string() }).nullable().default(null);

/**
 * The shop's way from demo to live (issue 31, decision 0053): written only by the go-live
 * service, never by a settings form. While `liveAt` is null the shop is a demo: seeded sample
 * reviews show, labelled; once it is set, the storefront shows only reviews buyers wrote.
 */
export const launchSettingsSchema = z.object({
  /** When the owner took the shop live (ISO); null while it is a demo. */
  liveAt: z.string().nullable().default(null),
  /** Who took it live (their name or e-mail, kept when the member leaves). */
  liveBy: z.string().nullable().default(null),
  /** Checklist items the owner confirms by hand: shipping by hand without a carrier account, policies read. */
  confirmations: z
    .object({ manualShipping: launchConfirmationSchema, policiesReviewed: launchConfirmationSchema })
    .default({ manualShipping: null, policiesReviewed: null }),
});

/** Every settings group, keyed by its row key in the settings table. */
export const settingsSchemas = {
  store: storeSettingsSchema,
  legal: legalSettingsSchema,
  shipping: shippingSettingsSchema,
  delivery: deliveryRulesSettingsSchema,
  tax: taxSettingsSchema,
  payment: paymentSettingsSchema,
  checkout: checkoutFieldsSettingsSchema,
  currency: currencySettingsSchema,
  email_templates: emailTemplatesSettingsSchema,
  low_stock: lowStockSettingsSchema,
  marketing: marketingSettingsSchema,
  admin_sessions: adminSessionSettingsSchema,
  fulfilment: fulfilmentSettingsSchema,
  staff_permissions: staffPermissionsSettingsSchema,
  launch: launchSettingsSchema,
} as const;

export type SettingsKey = keyof typeof settingsSchemas;
export const settingsKeys = Object.keys(settingsSchemas) as SettingsKey[];

export type StoreSettings = z.output<typeof storeSettingsSchema>;
export type LegalSettings = z.output<typeof legalSettingsSchema>;
export type ShippingSettings = z.output<typeof shippingSettingsSchema>;
export type TaxSettings = z.output<typeof taxSettingsSchema>;
export type PaymentSettings = z.output<typeof paymentSettingsSchema>;
export type CurrencySettings = z.output<typeof currencySettingsSchema>;
export type EmailTemplatesSettings = z.output<typeof emailTemplatesSettingsSchema>;
export type LowStockSettings = z.output<typeof lowStockSettingsSchema>;
export type MarketingSettings = z.output<typeof marketingSettingsSchema>;
export type AdminSessionSettings = z.output<typeof adminSessionSettingsSchema>;
export type FulfilmentSettings = z.output<typeof fulfilmentSettingsSchema>;
export type StaffPermissionsSettings = z.output<typeof staffPermissionsSettingsSchema>;
export type LaunchSettings = z.output<typeof launchSettingsSchema>;

/** The complete, typed settings: one value per group. */
export type Settings = { [K in SettingsKey]: z.output<(typeof settingsSchemas)[K]> };
/** What a form or caller may pass to saveSetting for a group (fields with defaults may be omitted). */
export type SettingsInput<K extends SettingsKey> = z.input<(typeof settingsSchemas)[K]>;

export function isSettingsKey(key: string): key is SettingsKey {
  return Object.hasOwn(settingsSchemas, key);
}

/** The defaults of one group. */
export function defaultSettingsFor<K extends SettingsKey>(key: K): Settings[K] {
  return settingsSchemas[key].parse({}) as Settings[K];
}

/** The defaults of every group. */
export function defaultSettings(): Settings {
  return Object.fromEntries(settingsKeys.map((key) => [key, defaultSettingsFor(key)])) as Settings;
}

/** A stored value parsed over the defaults of its group; an invalid value gives the defaults. */
export function parseSettingsValue<K extends SettingsKey>(key: K, raw: unknown): Settings[K] {
  const result = settingsSchemas[key].safeParse(raw ?? {});
  return result.success ? (result.data as Settings[K]) : defaultSettingsFor(key);
}

