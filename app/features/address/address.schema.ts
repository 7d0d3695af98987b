import { z } from "zod";
import type { AddressStructure as StoredAddressStructure } from "~/db/schema/customers";

/**
 * Vietnamese delivery addresses, safe in the browser and on the server.
 *
 * Two administrative structures coexist: "current" (since 1 July 2025: 34 provinces and cities
 * → wards/communes, no districts; province codes 2 digits, ward codes 5 digits) and "legacy"
 * (63 provinces → districts (3 digits) → wards). Everything is keyed by official code; names
 * travel with the value only for display, and the server re-reads the official names
 * (resolveAddress in address.server.ts) instead of trusting the browser's.
 */
export type AddressStructure = StoredAddressStructure;

/**
 * The structures, as values. Declared here rather than imported from ~/db/schema/customers, so
 * the browser bundle does not pull in Drizzle; the type check below keeps the two lists equal.
 */
export const addressStructures = ["current", "legacy"] as const satisfies readonly AddressStructure[];
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _sameStructures: Same<(typeof addressStructures)[number], AddressStructure> = true;
void _sameStructures;

/** What the address fields hold and hand to their parent. Empty strings mean "not chosen". */
export interface AddressValue {
  structure: AddressStructure;
  provinceCode: string;
  provinceName: string;
  /** Legacy only; "" for the current structure. */
  districtCode: string;
  districtName: string;
  wardCode: string;
  wardName: string;
}

export const emptyAddress: AddressValue = {
  structure: "current",
  provinceCode: "",
  provinceName: "",
  districtCode: "",
  districtName: "",
  wardCode: "",
  wardName: "",
};

/** One choice in a province, district or ward list (what the /api/address routes return). */
export interface AddressOption {
  code: string;
  name: string;
}

export function isAddressStructure(value: unknown): value is AddressStructure {
  return typeof value === "string" && (addressStructures as readonly string[]).includes(value);
}

/**
 * The codes a form posts (the hidden inputs `structure`, `provinceCode`, `districtCode`,
 * `wardCode` rendered by AddressFields). Checks only their shape; whether they exist and belong
 * together is resolveAddress's job on the server. Missing codes are reported with SPEC §5's
 * messages (catalogue keys, shown with useI18n().text) under the keys province, district and ward.
 */
export const addressCodesSchema = z
  .object({
    structure: z.enum(addressStructures).catch("current"),
    provinceCode: z.string().trim().catch(""),
    districtCode: z.string().trim().catch(""),
    wardCode: z.string().trim().catch(""),
  })
  .superRefine((value, ctx) => {
    if (!/^\d{2}$/.test(value.provinceCode)) {
      ctx.addIssue({ code: "custom", path: ["province"], message: "checkout.errors.province" });
    }
    if (value.structure === "legacy" && !/^\d{3}$/.test(value.districtCode)) {
      ctx.addIssue({ code: "custom", path: ["district"], message: "checkout.errors.district" });
    }
    if (!/^\d{5}$/.test(value.wardCode)) {
      ctx.addIssue({ code: "custom", path: ["ward"], message: "checkout.errors.ward" });
    }
  })
  .transform((value) => ({ ...value, districtCode: value.structure === "legacy" ? value.districtCode : "" }));

export type AddressCodes = z.infer<typeof addressCodesSchema>;
