import { z } from "zod";
import { addressStructures } from "./address-value";

/**
 * Vietnamese delivery addresses, safe in the browser and on the server.
 *
 * Two administrative structures coexist: "current" (since 1 July 2025: 34 provinces and cities
 * → wards/communes, no districts; province codes 2 digits, ward codes 5 digits) and "legacy"
 * (63 provinces → districts (3 digits) → wards). Everything is keyed by official code; names
 * travel with the value only for display, and the server re-reads the official names
 * (resolveAddress in address.server.ts) instead of trusting the browser's.
 */
export {
  addressStructures,
  emptyAddress,
  isAddressStructure,
  type AddressOption,
  type AddressStructure,
  type AddressValue,
} from "./address-value";

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
