import { z } from "zod";
import { checkbox, text } from "~/lib/form-fields";

/*
 * The GHN account form (console "Đơn vị vận chuyển"), shared by the form and the server. The token
 * never travels to the browser: an empty token field keeps the saved one.
 */

export const GHN_PRODUCTION_URL = "https://online-gateway.ghn.vn/shiip/public-api";
export const GHN_SANDBOX_URL = "https://dev-online-gateway.ghn.vn/shiip/public-api";

/**
 * The only hosts the GHN token is sent to (issue 30, decision 0043): GHN's production API and its
 * documented test environment, over https. A test suite adds its local stand-in through
 * CARRIER_TEST_HOSTS; the owner cannot type another.
 */
export const GHN_OFFICIAL_HOSTS: readonly string[] = [
  new URL(GHN_PRODUCTION_URL).hostname,
  new URL(GHN_SANDBOX_URL).hostname,
];
export const GHN_HOST_NOT_ALLOWED_MESSAGE = `Chỉ dùng được địa chỉ API chính thức của GHN (${GHN_OFFICIAL_HOSTS.join(" hoặc ")}, https)`;

/** True when `baseUrl` is on GHN's official hosts over https, or on one of `testHosts` (a local stand-in). */
export function isAllowedGhnBaseUrl(baseUrl: string, testHosts: readonly string[] = []): boolean {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.protocol === "https:" && GHN_OFFICIAL_HOSTS.includes(url.hostname)) return true;
  return (url.protocol === "https:" || url.protocol === "http:") && testHosts.includes(url.hostname);
}

export const ghnEnvironments = ["production", "sandbox", "custom"] as const;
export type GhnEnvironment = (typeof ghnEnvironments)[number];

export const ghnEnvironmentLabels: Record<GhnEnvironment, string> = {
  production: "GHN chính thức",
  sandbox: "GHN thử nghiệm (sandbox)",
  custom: "Địa chỉ API khác của GHN",
};

/** GHN's service types: 2 light parcels (e-commerce), 5 heavy goods. */
export const ghnServiceTypes = [
  { id: 2, label: "Hàng nhẹ (thương mại điện tử)" },
  { id: 5, label: "Hàng nặng" },
] as const;
export const DEFAULT_GHN_SERVICE_TYPE = 2;

export const ghnAccountFormSchema = z
  .object({
    enabled: checkbox(),
    /** "" keeps the saved token. */
    token: text().pipe(
      z
        .string()
        .max(200, "Token tối đa 200 ký tự")
        .regex(/^[\w-]*$/, "Token chỉ gồm chữ, số và dấu gạch ngang"),
    ),
    shopId: text().pipe(z.string().regex(/^\d{0,12}$/, "Mã cửa hàng (ShopId) là một dãy số")),
    environment: z.enum(ghnEnvironments, { message: "Chọn môi trường GHN" }).catch("production"),
    customBaseUrl: text().pipe(z.string().max(300, "Địa chỉ tối đa 300 ký tự")),
    defaultServiceTypeId: z.preprocess(
      (v) => Number(v),
      z.union([z.literal(2), z.literal(5)], { message: "Chọn loại dịch vụ" }),
    ),
  })
  .superRefine((value, ctx) => {
    if (value.environment === "custom" && !/^https?:\/\/[^\s/]+(\/\S*)?$/.test(value.customBaseUrl)) {
      ctx.addIssue({
        code: "custom",
        path: ["customBaseUrl"],
        message: "Nhập địa chỉ bắt đầu bằng http:// hoặc https://",
      });
    }
    if (value.enabled && !value.shopId) {
      ctx.addIssue({ code: "custom", path: ["shopId"], message: "Nhập mã cửa hàng (ShopId) để bật GHN" });
    }
  });
export type GhnAccountForm = z.output<typeof ghnAccountFormSchema>;

export function ghnBaseUrl(form: Pick<GhnAccountForm, "environment" | "customBaseUrl">): string {
  if (form.environment === "sandbox") return GHN_SANDBOX_URL;
  if (form.environment === "custom") return form.customBaseUrl.replace(/\/+$/, "");
  return GHN_PRODUCTION_URL;
}

export function ghnEnvironmentOf(baseUrl: string): GhnEnvironment {
  if (baseUrl === GHN_PRODUCTION_URL) return "production";
  if (baseUrl === GHN_SANDBOX_URL) return "sandbox";
  return "custom";
}

/** The path GHN calls; the full URL is this behind the shop's public origin. */
export const ghnWebhookPath = (secret: string) => `/api/carriers/ghn/webhook/${secret}`;

/**
 * GHN's own label sizes ("In nhãn GHN"): each a print page of GHN's, opened with a short-lived
 * print token. A5 is GHN's default sheet; 80 × 80 and 52 × 70 mm are its thermal rolls.
 */
export const ghnLabelSizes = {
  a5: { page: "printA5", name: "A5" },
  "80x80": { page: "print80x80", name: "80 × 80 mm" },
  "52x70": { page: "print52x70", name: "52 × 70 mm" },
} as const;
export type GhnLabelSize = keyof typeof ghnLabelSizes;

/** The size asked for in the URL, A5 when it is none of GHN's. */
export const ghnLabelSizeOf = (value: unknown): GhnLabelSize =>
  typeof value === "string" && Object.hasOwn(ghnLabelSizes, value) ? (value as GhnLabelSize) : "a5";
