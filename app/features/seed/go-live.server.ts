import { hideSampleTestimonials, shownSampleTestimonials } from "~/features/content/sample-testimonials.server";
import { countReviews, deleteDemoReviews } from "~/features/reviews/reviews.server";
import { getSettings, saveSetting } from "~/features/settings/settings.server";
import { defaultSettingsFor, type LaunchSettings, type Settings } from "~/features/settings/settings.schema";
import { getGhnAccountView } from "~/features/shipping/carrier-accounts.server";
import { formatVnd } from "~/lib/money";
import type { Db, Tx } from "~/server/db.server";
import { AppError } from "~/server/errors.server";

/*
 * From demo to live (issue 31, decision 0053). A new shop is seeded with sample content so the
 * storefront looks finished; the go-live checklist shows, from the real settings and environment,
 * what a live shop still needs, and "Mở bán chính thức" removes the samples in one transaction
 * and records who took the shop live and when.
 */

export const goLiveItemKeys = ["business", "contact", "moit", "publicUrl", "shipping", "payment", "email", "policies"] as const;
export type GoLiveItemKey = (typeof goLiveItemKeys)[number];

/** The items only the owner can vouch for, and the confirmation they give ("Tôi xác nhận…"). */
export const confirmableItems = {
  shipping: "manualShipping",
  policies: "policiesReviewed",
} as const satisfies Partial<Record<GoLiveItemKey, keyof LaunchSettings["confirmations"]>>;
export type ConfirmableItem = keyof typeof confirmableItems;

export function isConfirmableItem(value: unknown): value is ConfirmableItem {
  return typeof value === "string" && Object.hasOwn(confirmableItems, value);
}

export interface GoLiveItem {
  key: GoLiveItemKey;
  title: string;
  done: boolean;
  /** What is set, or what is missing, in a sentence. */
  detail: string;
  /** Where to do it in the console; null for what is set outside it (the server's environment). */
  href: string | null;
  /** Going live waits for it: the shop's legal identity must not be the demo's. */
  required: boolean;
  /** Only the owner can tell (no setting shows it): done once they confirm it, by name and date. */
  confirmable: boolean;
  confirmedBy: { at: string; by: string } | null;
}

export interface GoLiveChecklist {
  live: { at: string; by: string | null } | null;
  items: GoLiveItem[];
  /** The samples going live removes. */
  samples: { reviews: number; testimonials: boolean };
  /** Every required item is done. */
  ready: boolean;
}

/** What the checklist reads from the server's environment (app/server/env.server.ts), never from a request. */
export interface GoLiveEnvironment {
  /** PUBLIC_URL's canonical address (http://localhost:PORT when unset). */
  publicUrl: string;
  /** PUBLIC_URL's origins; empty when it is unset. */
  publicOrigins: string[];
  smtpUrl: string | undefined;
  smtpFrom: string | undefined;
}

/** A field of a settings group whose seeded value is a placeholder, with the console's label. */
type PlaceholderField<G extends "legal" | "store"> = [field: keyof Settings[G] & string, label: string];

const legalFields: Array<PlaceholderField<"legal">> = [
  ["businessName", "tên doanh nghiệp"],
  ["taxCode", "mã số doanh nghiệp"],
  ["registration", "nơi cấp và ngày cấp"],
  ["registeredAddress", "địa chỉ đăng ký"],
  ["hotline", "số điện thoại"],
  ["email", "email"],
];

const contactFields: Array<PlaceholderField<"store">> = [
  ["email", "email"],
  ["phone", "số điện thoại"],
  ["address", "địa chỉ"],
];

/** The fields still empty or still the seed's invented value (the demo's company, tax code, phone…). */
function placeholderLabels<G extends "legal" | "store">(
  group: G,
  value: Settings[G],
  fields: Array<PlaceholderField<G>>,
): string[] {
  const seeded = defaultSettingsFor(group);
  return fields.flatMap(([field, label]) => {
    const current = String(value[field] ?? "").trim();
    return current === "" || current === String(seeded[field]) ? [label] : [];
  });
}

const missingSentence = (labels: string[]) =>
  `Còn trống hoặc vẫn là thông tin mẫu: ${labels.join(", ")}.`;

/**
 * The checklist, computed from the settings, the carrier account, the samples still in the
 * database and the server's environment. Reads only.
 */
export async function getGoLiveChecklist(db: Db | Tx, environment: GoLiveEnvironment): Promise<GoLiveChecklist> {
  const [settings, ghn, reviewCounts, testimonials] = await Promise.all([
    getSettings(db),
    getGhnAccountView(db),
    countReviews(db),
    shownSampleTestimonials(db),
  ]);
  const { launch, legal, store, payment } = settings;
  const legalMissing = placeholderLabels("legal", legal, legalFields);
  const contactMissing = placeholderLabels("store", store, contactFields);
  const https = environment.publicOrigins.length > 0 && environment.publicUrl.startsWith("https://");
  const ghnOn = ghn.saved && ghn.enabled;
  const manualShipping = launch.confirmations.manualShipping;
  const policies = launch.confirmations.policiesReviewed;
  const mail = Boolean(environment.smtpUrl && environment.smtpFrom);

  const items: GoLiveItem[] = [
    {
      key: "business",
      title: "Thông tin doanh nghiệp",
      done: legalMissing.length === 0,
      detail:
        legalMissing.length === 0
          ? `${legal.businessName} · MST ${legal.taxCode}: hiện ở chân trang như Nghị định 52/2013/NĐ-CP yêu cầu.`
          : missingSentence(legalMissing),
      href: "/admin/settings?tab=legal",
      required: true,
      confirmable: false,
      confirmedBy: null,
    },
    {
      key: "contact",
      title: "Liên hệ của cửa hàng",
      done: contactMissing.length === 0,
      detail:
        contactMissing.length === 0 ? `${store.phone} · ${store.email} · ${store.address}` : missingSentence(contactMissing),
      href: "/admin/settings?tab=store",
      required: true,
      confirmable: false,
      confirmedBy: null,
    },
    {
      key: "moit",
      title: "Thông báo website với Bộ Công Thương",
      done: legal.moitNotificationUrl !== "",
      detail:
        legal.moitNotificationUrl !== ""
          ? `Chân trang hiện huy hiệu "Đã thông báo Bộ Công Thương" dẫn tới ${legal.moitNotificationUrl}.`
          : "Chưa có đường dẫn tới trang thông báo trên online.gov.vn: chân trang chưa hiện huy hiệu Bộ Công Thương.",
      href: "/admin/settings?tab=legal",
      required: false,
      confirmable: false,
      confirmedBy: null,
    },
    {
      key: "publicUrl",
      title: "Địa chỉ website (PUBLIC_URL) dùng https",
      done: https,
      detail: https
        ? `Liên kết trong email và sơ đồ trang trỏ về ${environment.publicUrl}.`
        : environment.publicOrigins.length === 0
          ? `Biến môi trường PUBLIC_URL chưa được đặt: liên kết trong email đang trỏ về ${environment.publicUrl}. Người quản trị máy chủ đặt nó, ví dụ PUBLIC_URL=https://shop.example.vn.`
          : `PUBLIC_URL là ${environment.publicUrl}, chưa dùng https. Người quản trị máy chủ đổi nó sang địa chỉ https.`,
      href: null,
      required: false,
      confirmable: false,
      confirmedBy: null,
    },
    {
      key: "shipping",
      title: "Vận chuyển",
      done: ghnOn || manualShipping !== null,
      detail: ghnOn
        ? `Tài khoản GHN đã bật (shop ${ghn.shopId}).`
        : manualShipping
          ? "Cửa hàng tự gửi hàng và nhập mã vận đơn bằng tay (chủ cửa hàng đã xác nhận)."
          : "Chưa kết nối hãng vận chuyển nào. Kết nối GHN, hoặc xác nhận cửa hàng tự gửi hàng và nhập mã vận đơn bằng tay.",
      href: "/admin/carriers",
      required: false,
      confirmable: !ghnOn,
      confirmedBy: ghnOn ? null : manualShipping,
    },
    {
      key: "payment",
      title: "Phương thức thanh toán",
      done: true,
      detail: `Thanh toán khi nhận hàng (COD), tối đa ${payment.codMaxUnits.toLocaleString("vi-VN")} sản phẩm và ${formatVnd(payment.codMaxOrderValue)} một đơn.`,
      href: "/admin/settings?tab=payment",
      required: false,
      confirmable: false,
      confirmedBy: null,
    },
    {
      key: "email",
      title: "Gửi email cho khách",
      done: mail,
      detail: mail
        ? "Email đơn hàng được gửi qua máy chủ SMTP đã cấu hình (SMTP_URL, SMTP_FROM)."
        : "SMTP_URL hoặc SMTP_FROM chưa được đặt: email chỉ nằm trong hộp thư đi, khách không nhận được. Người quản trị máy chủ đặt chúng.",
      href: "/admin/emails",
      required: false,
      confirmable: false,
      confirmedBy: null,
    },
    {
      key: "policies",
      title: "Chính sách cửa hàng đã được đọc lại",
      done: policies !== null,
      detail: policies
        ? "Chủ cửa hàng đã đọc lại các chính sách (vận chuyển, đổi trả, bảo mật, điều khoản, thanh toán)."
        : "Các chính sách được tạo sẵn theo mẫu: chỉ chủ cửa hàng biết chúng đã đúng với cách mình bán hàng chưa.",
      href: "/admin/pages",
      required: false,
      confirmable: true,
      confirmedBy: policies,
    },
  ];
  return {
    live: launch.liveAt ? { at: launch.liveAt, by: launch.liveBy } : null,
    items,
    samples: { reviews: reviewCounts.demo, testimonials: testimonials !== null },
    ready: items.every((item) => !item.required || item.done),
  };
}

export interface GoLiveResult {
  /** The shop was live already: nothing changed. */
  alreadyLive: boolean;
  removedReviews: number;
  hiddenTestimonials: boolean;
}

/**
 * "Mở bán chính thức": removes every seeded sample (the demo reviews; the home page's invented
 * testimonials unless the merchant wrote their own) and records the shop as live, by whom and
 * when. Run it in one audited transaction. Refused (nothing changed) while a required item is
 * open; a second call changes nothing and says so.
 */
export async function goLive(
  tx: Db | Tx,
  environment: GoLiveEnvironment,
  actor: { name: string },
  now: Date = new Date(),
): Promise<GoLiveResult> {
  const launch = (await getSettings(tx)).launch;
  if (launch.liveAt) return { alreadyLive: true, removedReviews: 0, hiddenTestimonials: false };
  const checklist = await getGoLiveChecklist(tx, environment);
  const open = checklist.items.filter((item) => item.required && !item.done);
  if (open.length > 0) {
    throw new AppError(
      "invalid",
      `Chưa thể mở bán: ${open.map((item) => `${item.title.toLowerCase()} (${item.detail})`).join("; ")}`,
    );
  }
  const removedReviews = await deleteDemoReviews(tx);
  const hiddenTestimonials = await hideSampleTestimonials(tx);
  await saveSetting(tx, "launch", { ...launch, liveAt: now.toISOString(), liveBy: actor.name });
  return { alreadyLive: false, removedReviews, hiddenTestimonials };
}

/** The owner's "Tôi xác nhận" on an item no setting shows; confirming again keeps the first confirmation. */
export async function confirmGoLiveItem(
  tx: Db | Tx,
  item: unknown,
  actor: { name: string },
  now: Date = new Date(),
): Promise<{ alreadyConfirmed: boolean }> {
  if (!isConfirmableItem(item)) throw new AppError("invalid", "Mục này không cần xác nhận");
  const launch = (await getSettings(tx)).launch;
  const field = confirmableItems[item];
  if (launch.confirmations[field]) return { alreadyConfirmed: true };
  await saveSetting(tx, "launch", {
    ...launch,
    confirmations: { ...launch.confirmations, [field]: { at: now.toISOString(), by: actor.name } },
  });
  return { alreadyConfirmed: false };
}
