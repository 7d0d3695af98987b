import type { Carrier, FeePayer, ShipmentStatus } from "~/db/schema";

/*
 * One carrier interface (issue 16). The manual carrier needs none of it (staff type the code);
 * an API carrier (GHN, GHTK) implements CarrierGateway. Every call may fail: the gateway throws an
 * AppError with a message staff can read, and callers write nothing until the carrier has answered.
 */

export type ApiCarrier = Exclude<Carrier, "manual">;

/** What a carrier needs to book a parcel for one order. */
export interface CarrierBookingRequest {
  /** Our order number as printed (DH000123): the carrier's client order code. */
  orderNumber: string;
  recipient: {
    name: string;
    phone: string;
    address: string;
    wardName: string;
    wardCode: string;
    districtName: string | null;
    districtCode: string | null;
    provinceName: string;
    provinceCode: string;
    addressStructure: "current" | "legacy";
  };
  parcel: { weightGrams: number; lengthCm: number; widthCm: number; heightCm: number };
  /** đồng the courier collects. */
  codAmount: number;
  /** The goods' value (đồng), for the carrier's insurance. */
  insuranceValue: number;
  feePayer: FeePayer;
  courierNote: string;
  /** The carrier's service id, or null for its default. */
  service: string | null;
  items: { name: string; sku: string; quantity: number }[];
}

/**
 * The goods' value declared to the carrier (its insurance value, "giá trị khai giá"): what the
 * buyer pays for the goods, shipping aside. Booking sends it; the label prints the same figure.
 */
export const declaredValueOf = (order: { subtotal: number; discount: number }) =>
  Math.max(0, order.subtotal - order.discount);

/** The carrier's answer to a booking. */
export interface CarrierBooking {
  trackingCode: string;
  /** đồng, when the carrier says. */
  fee: number | null;
  expectedDeliveryAt: Date | null;
  service: string | null;
  /** The carrier's raw ids and sort codes, kept for support. */
  carrierData: Record<string, unknown>;
}

/** One status change the carrier reported (webhook or fetch), already mapped to ours. */
export interface CarrierUpdate {
  trackingCode: string;
  /** Our shipment status it means, or null for news that changes none (e.g. a failed attempt that will be retried). */
  status: ShipmentStatus | null;
  /** The carrier's own status word. */
  carrierStatus: string;
  description: string;
  occurredAt: Date;
  /** Stable for the same event however often it is delivered (idempotency). */
  externalKey: string;
}

export interface CarrierGateway {
  carrier: ApiCarrier;
  /** "GHN", "GHTK": shown to staff and buyers. */
  name: string;
  quote(request: CarrierBookingRequest): Promise<{ fee: number; service: string | null }>;
  book(request: CarrierBookingRequest): Promise<CarrierBooking>;
  cancel(trackingCode: string): Promise<void>;
  fetchUpdates(trackingCode: string): Promise<CarrierUpdate[]>;
  /** The buyer's link to the carrier's own tracking page. */
  trackingUrl(trackingCode: string): string;
}
