import { sql } from "drizzle-orm";
import { bigint, boolean, check, date, index, integer, jsonb, pgEnum, pgTable, primaryKey, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { createdAt, rowVersion, timestamptz, updatedAt } from "./columns";
import { orders } from "./orders";

/*
 * Cash on delivery from order to cash (issue 16): confirming orders by phone, phones the shop
 * blocks, shipments with carriers and their events, and the carriers' COD remittances.
 */

const money = (name: string) => bigint(name, { mode: "number" });

/** What a confirmation call came to. */
export const confirmationOutcomeValues = ["confirmed", "no_answer", "cancelled"] as const;
export type ConfirmationOutcome = (typeof confirmationOutcomeValues)[number];
export const confirmationOutcomeEnum = pgEnum("confirmation_outcome", confirmationOutcomeValues);

/** Each time staff tried to confirm an order with the buyer (owned by the orders feature). */
export const orderConfirmationAttempts = pgTable(
  "order_confirmation_attempts",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    outcome: confirmationOutcomeEnum("outcome").notNull(),
    /** The buyer's reason when they cancel; anything staff want to remember otherwise. */
    note: text("note"),
    /** After no answer: when to call again. */
    nextTryAt: timestamptz("next_try_at"),
    byUserId: text("by_user_id").references(() => user.id, { onDelete: "set null" }),
    byName: text("by_name"),
    createdAt: createdAt(),
  },
  (t) => [
    index("order_confirmation_attempts_order_idx").on(t.orderId, t.createdAt),
    check("order_confirmation_attempts_note_length_check", sql`${t.note} is null or char_length(${t.note}) <= 500`),
  ],
);

/**
 * Phones the shop has blocked (E.164, "+84…", as orders.phone holds them): an order from one still
 * goes through, but it is held for confirmation and flagged (owned by the orders feature).
 */
export const blockedPhones = pgTable(
  "blocked_phones",
  {
    phone: text("phone").primaryKey(),
    note: text("note").notNull().default(""),
    blockedByUserId: text("blocked_by_user_id").references(() => user.id, { onDelete: "set null" }),
    blockedByName: text("blocked_by_name"),
    createdAt: createdAt(),
  },
  (t) => [check("blocked_phones_note_length_check", sql`char_length(${t.note}) <= 500`)],
);

/**
 * Who is calling a pending order's buyer right now (issue 30): one hold per order, taken from the
 * confirmation queue, with the holder's name and an expiry renewed while they work. Another staff
 * member cannot record an outcome on a held order until it expires; recording one releases it.
 * Not audited (a hold changes nothing of the order) and not on the order row (taking one must not
 * move the order's version under the holder's page).
 */
export const orderCallHolds = pgTable("order_call_holds", {
  orderId: uuid("order_id")
    .primaryKey()
    .references(() => orders.id, { onDelete: "cascade" }),
  userId: text("user_id")
    .notNull()
    .references(() => user.id, { onDelete: "cascade" }),
  userName: text("user_name").notNull(),
  expiresAt: timestamptz("expires_at").notNull(),
});

/**
 * A shipment's life: booked (label made, waiting for the courier) → in_transit → delivered; or
 * failed (refused, unreachable) → returning → returned; or cancelled before pickup.
 */
export const shipmentStatusValues = ["booked", "in_transit", "delivered", "failed", "returning", "returned", "cancelled"] as const;
export type ShipmentStatus = (typeof shipmentStatusValues)[number];
export const shipmentStatusEnum = pgEnum("shipment_status", shipmentStatusValues);

/** "manual": staff book with any carrier themselves and type its code; the others through their API. */
export const carrierValues = ["manual", "ghn", "ghtk"] as const;
export type Carrier = (typeof carrierValues)[number];

/** Who pays the carrier's fee: the shop, or the buyer (added to the COD amount by the carrier). */
export const feePayerValues = ["shop", "buyer"] as const;
export type FeePayer = (typeof feePayerValues)[number];

/** A parcel handed to a carrier for one order (owned by the shipping feature). */
export const shipments = pgTable(
  "shipments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    carrier: text("carrier").$type<Carrier>().notNull(),
    /** Shown to staff and the buyer: "GHN", "Viettel Post", "J&T Express"… */
    carrierName: text("carrier_name").notNull(),
    /** The carrier's service ("Chuẩn", "Nhanh", GHN's service type id…), when it has one. */
    service: text("service"),
    /** The carrier's code for the parcel; a manual shipment may get it later (typed or imported). */
    trackingCode: text("tracking_code"),
    status: shipmentStatusEnum("status").notNull().default("booked"),
    weightGrams: integer("weight_grams").notNull(),
    lengthCm: integer("length_cm").notNull(),
    widthCm: integer("width_cm").notNull(),
    heightCm: integer("height_cm").notNull(),
    /** What the courier collects (đồng): the order's total unless staff changed it, with a reason. */
    codAmount: money("cod_amount").notNull(),
    codChangeReason: text("cod_change_reason"),
    feePayer: text("fee_payer").$type<FeePayer>().notNull().default("shop"),
    /** The carrier's fee (đồng) as quoted or charged; null when unknown (manual, before remittance). */
    carrierFee: money("carrier_fee"),
    /** For the courier, printed on the label: "Cho xem hàng, không thử". */
    courierNote: text("courier_note").notNull().default(""),
    /** The carrier's raw answer when booking (its ids, sort codes): kept for support, never shown to buyers. */
    carrierData: jsonb("carrier_data").$type<Record<string, unknown>>(),
    expectedDeliveryAt: timestamptz("expected_delivery_at"),
    deliveredAt: timestamptz("delivered_at"),
    /** When staff received the returned parcel back in the shop. */
    returnedAt: timestamptz("returned_at"),
    createdByUserId: text("created_by_user_id").references(() => user.id, { onDelete: "set null" }),
    createdByName: text("created_by_name"),
    version: rowVersion(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One live shipment per order; a cancelled one may be followed by another.
    uniqueIndex("shipments_order_live_idx")
      .on(t.orderId)
      .where(sql`${t.status} <> 'cancelled'`),
    // Remittance lines and webhooks find the parcel by its code.
    uniqueIndex("shipments_tracking_code_idx")
      .on(sql`upper(${t.trackingCode})`)
      .where(sql`${t.trackingCode} is not null and ${t.status} <> 'cancelled'`),
    index("shipments_status_idx").on(t.status, t.createdAt),
    check("shipments_carrier_check", sql`${t.carrier} in ('manual', 'ghn', 'ghtk')`),
    check("shipments_fee_payer_check", sql`${t.feePayer} in ('shop', 'buyer')`),
    check("shipments_cod_amount_check", sql`${t.codAmount} >= 0`),
    check("shipments_carrier_fee_check", sql`${t.carrierFee} is null or ${t.carrierFee} >= 0`),
    check("shipments_parcel_check", sql`${t.weightGrams} > 0 and ${t.lengthCm} > 0 and ${t.widthCm} > 0 and ${t.heightCm} > 0`),
    check("shipments_courier_note_length_check", sql`char_length(${t.courierNote}) <= 500`),
  ],
);

/** What happened to a shipment, from staff, the carrier's webhook, a status fetch or an import. */
export const shipmentEvents = pgTable(
  "shipment_events",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    shipmentId: uuid("shipment_id")
      .notNull()
      .references(() => shipments.id, { onDelete: "cascade" }),
    /** The shipment status this event moved it to (null: news without a change, e.g. "delivery attempt 2"). */
    status: shipmentStatusEnum("status"),
    /** The carrier's own status word ("delivering", "return"), as it sent it. */
    carrierStatus: text("carrier_status"),
    description: text("description").notNull().default(""),
    occurredAt: timestamptz("occurred_at").notNull(),
    source: text("source").$type<"staff" | "carrier" | "import">().notNull(),
    /** Makes a replayed webhook or a second fetch change nothing: one row per key and shipment. */
    externalKey: text("external_key"),
    byName: text("by_name"),
    createdAt: createdAt(),
  },
  (t) => [
    index("shipment_events_shipment_idx").on(t.shipmentId, t.occurredAt),
    uniqueIndex("shipment_events_external_key_idx").on(t.shipmentId, t.externalKey),
    check("shipment_events_source_check", sql`${t.source} in ('staff', 'carrier', 'import')`),
  ],
);

/**
 * A carrier's API account (owned by the shipping feature): the token and shop id are secrets kept
 * on the server, never sent to a browser. `baseUrl` points at the carrier (or a local stand-in in tests).
 */
export const carrierAccounts = pgTable(
  "carrier_accounts",
  {
    carrier: text("carrier").$type<Exclude<Carrier, "manual">>().primaryKey(),
    enabled: boolean("enabled").notNull().default(false),
    baseUrl: text("base_url").notNull(),
    token: text("token").notNull().default(""),
    shopId: text("shop_id").notNull().default(""),
    /** The secret the carrier's webhook calls carry (in the URL we register with it). */
    webhookSecret: text("webhook_secret").notNull(),
    /** Carrier-specific choices (default service, pick-up shift…). */
    options: jsonb("options").$type<Record<string, unknown>>().notNull().default({}),
    version: rowVersion(),
    updatedAt: updatedAt(),
  },
  (t) => [check("carrier_accounts_carrier_check", sql`${t.carrier} in ('ghn', 'ghtk')`)],
);

/**
 * A carrier's master data (provinces, districts, wards), as its API answered, cached; and our
 * official ward codes matched to the carrier's ids (owned by the shipping feature).
 */
export const carrierMasterData = pgTable(
  "carrier_master_data",
  {
    carrier: text("carrier").notNull(),
    /** "province", "district:<province id>", "ward:<district id>". */
    resource: text("resource").notNull(),
    data: jsonb("data").$type<unknown>().notNull(),
    fetchedAt: timestamptz("fetched_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.carrier, t.resource] })],
);

export const carrierWardMap = pgTable(
  "carrier_ward_map",
  {
    carrier: text("carrier").notNull(),
    /** "current" or "legacy" (orders.address_structure) and our official ward code. */
    addressStructure: text("address_structure").notNull(),
    wardCode: text("ward_code").notNull(),
    carrierProvinceId: text("carrier_province_id").notNull(),
    carrierDistrictId: text("carrier_district_id").notNull(),
    carrierWardId: text("carrier_ward_id").notNull(),
    matchedAt: timestamptz("matched_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.carrier, t.addressStructure, t.wardCode] })],
);

/** A payout of collected COD money from a carrier: an imported file or one typed by hand (owned by the cod feature). */
export const codRemittances = pgTable(
  "cod_remittances",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    carrierName: text("carrier_name").notNull(),
    source: text("source").$type<"file" | "manual">().notNull(),
    fileName: text("file_name"),
    /** The file's SHA-256: importing the same file again changes nothing. */
    fileSha256: text("file_sha256").unique(),
    remittedOn: date("remitted_on", { mode: "string" }),
    /** Sums of the lines (đồng). */
    codTotal: money("cod_total").notNull().default(0),
    feeTotal: money("fee_total").notNull().default(0),
    createdByUserId: text("created_by_user_id").references(() => user.id, { onDelete: "set null" }),
    createdByName: text("created_by_name"),
    createdAt: createdAt(),
  },
  (t) => [check("cod_remittances_source_check", sql`${t.source} in ('file', 'manual')`)],
);

/**
 * How a remittance line matched: to a delivered shipment with the same COD amount, or a
 * difference for staff to resolve.
 */
export const remittanceLineStatusValues = ["matched", "amount_mismatch", "unknown_code", "not_delivered", "already_remitted"] as const;
export type RemittanceLineStatus = (typeof remittanceLineStatusValues)[number];

export const codRemittanceLines = pgTable(
  "cod_remittance_lines",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    remittanceId: integer("remittance_id")
      .notNull()
      .references(() => codRemittances.id, { onDelete: "cascade" }),
    /** The line's row in the file (1 = the first data row), for staff to find it again. */
    rowNumber: integer("row_number").notNull(),
    trackingCode: text("tracking_code").notNull(),
    codAmount: money("cod_amount").notNull(),
    fee: money("fee").notNull().default(0),
    remittedOn: date("remitted_on", { mode: "string" }),
    shipmentId: uuid("shipment_id").references(() => shipments.id, { onDelete: "set null" }),
    status: text("status").$type<RemittanceLineStatus>().notNull(),
    /** Set when staff resolve a difference (accepted as paid, or dismissed), with their note. */
    resolvedAt: timestamptz("resolved_at"),
    resolvedByName: text("resolved_by_name"),
    resolution: text("resolution"),
    createdAt: createdAt(),
  },
  (t) => [
    index("cod_remittance_lines_remittance_idx").on(t.remittanceId, t.rowNumber),
    index("cod_remittance_lines_shipment_idx").on(t.shipmentId),
    // A shipment's money is counted once: one matched (or accepted) line per shipment.
    uniqueIndex("cod_remittance_lines_paid_shipment_idx")
      .on(t.shipmentId)
      .where(sql`${t.status} = 'matched'`),
    check(
      "cod_remittance_lines_status_check",
      sql`${t.status} in ('matched', 'amount_mismatch', 'unknown_code', 'not_delivered', 'already_remitted')`,
    ),
    check("cod_remittance_lines_amounts_check", sql`${t.codAmount} >= 0 and ${t.fee} >= 0`),
  ],
);

export type OrderConfirmationAttempt = typeof orderConfirmationAttempts.$inferSelect;
export type BlockedPhone = typeof blockedPhones.$inferSelect;
export type Shipment = typeof shipments.$inferSelect;
export type NewShipment = typeof shipments.$inferInsert;
export type ShipmentEvent = typeof shipmentEvents.$inferSelect;
export type CarrierAccount = typeof carrierAccounts.$inferSelect;
export type CodRemittance = typeof codRemittances.$inferSelect;
export type CodRemittanceLine = typeof codRemittanceLines.$inferSelect;
