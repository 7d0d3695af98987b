import type { AddressStructure as StoredAddressStructure } from "~/db/schema/customers";

/**
 * A delivery address as forms hold it, without zod: the browser's address fields import this
 * module, so pages that only show or pick an address do not load the validation library
 * (address.schema.ts re-exports all of it for the server and the validating forms).
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
