import { sql } from "drizzle-orm";
import { index, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, rowVersion, timestamptz, updatedAt } from "./columns";

/**
 * Which administrative structure an address uses: "current" (since 1 July 2025: province and
 * ward, no district) or "legacy" (province, district, ward).
 */
export const addressStructures = ["current", "legacy"] as const;
export type AddressStructure = (typeof addressStructures)[number];

/** A customer's default delivery address (customers.default_address). Codes are official codes. */
export interface CustomerAddress {
  address: string;
  ward: string;
  ward_code?: string | null;
  district?: string | null;
  district_code?: string | null;
  province: string;
  province_code?: string | null;
  postal_code?: string | null;
  structure: AddressStructure;
}

export const customers = pgTable(
  "customers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Null for a customer known only by phone (an order placed without an e-mail). */
    email: text("email"),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    /** E.164, e.g. +84901234567. */
    phone: text("phone"),
    company: text("company"),
    defaultAddress: jsonb("default_address").$type<CustomerAddress>(),
    /** normalizeSearch(name, email, phone): maintained by the services. */
    searchText: text("search_text").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Optimistic concurrency of the console's customer form (decision 0014). */
    version: rowVersion(),
  },
  (t) => [
    // One customer per e-mail address, whatever its case.
    uniqueIndex("customers_email_lower_unique").on(sql`lower(${t.email})`),
    index("customers_created_at_idx").on(t.createdAt),
    index("customers_phone_idx").on(t.phone),
    // One e-mail-less customer per phone number: concurrent orders from it share the row.
    uniqueIndex("customers_phone_without_email_unique")
      .on(t.phone)
      .where(sql`${t.email} is null`),
    // Contains-searches (LIKE '%…%') of the admin's customer and order searches: trigram indexes
    // (pg_trgm), on exactly the expressions the services compare.
    index("customers_search_text_trgm_idx").using("gin", t.searchText.op("gin_trgm_ops")),
    index("customers_email_trgm_idx").using("gin", sql`lower(${t.email}) gin_trgm_ops`),
    index("customers_phone_trgm_idx").using("gin", t.phone.op("gin_trgm_ops")),
  ],
);

/**
 * Every delivery address a customer's orders used, once per normalised address
 * (customerAddressKey in the customers service). An order placed with the customer's e-mail adds
 * its address here instead of overwriting the profile (issue 13 item 11).
 */
export const customerAddresses = pgTable(
  "customer_addresses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    address: jsonb("address").$type<CustomerAddress>().notNull(),
    /** The normalised address: street folded (accents, case, spaces) plus the official codes. */
    addressKey: text("address_key").notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamptz("last_used_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("customer_addresses_customer_key_unique").on(t.customerId, t.addressKey)],
);

export type Customer = typeof customers.$inferSelect;
export type CustomerAddressRow = typeof customerAddresses.$inferSelect;
export type NewCustomer = typeof customers.$inferInsert;
