import type { CustomerAddress } from "~/db/schema/customers";

/** One line: street, ward, district (old structure), province, postal code. */
export function formatCustomerAddress(address: CustomerAddress): string {
  return [address.address, address.ward, address.district, address.province, address.postal_code].filter(Boolean).join(", ");
}
