import { orderEmailLinksOf } from "~/features/email/email.server";
import type { AppLoadContext } from "react-router";
import { addressCodesSchema, type AddressValue } from "~/features/address/address.schema";
import { listDistricts, listProvinces, listWards, resolveAddress } from "~/features/address/address.server";
import { cartCookies, cartTokenOf, findRequestCart, findRequestCartWithLines } from "~/features/cart/cart-cookie.server";
import { countItems } from "~/features/cart/cart-store";
import { markCartOrdered, readCartLines, saveCheckoutProgress, setCartDiscountCode } from "~/features/cart/cart.server";
import { checkDiscountCode } from "~/features/discounts/discount-redemption.server";
import type { Cart } from "~/db/schema";
import { fieldErrorsOf } from "~/lib/form-fields";
import { localeOfPath, localizedPath, type Locale } from "~/lib/i18n/locale";
import type { Db } from "~/server/db.server";
import { intent, refuse } from "~/server/form-action.server";
import { translatorFor } from "~/server/i18n.server";
import { consumeRateLimit } from "~/server/rate-limit.server";
import { clientIpOf, MALFORMED_FORM_MESSAGE } from "~/server/request-guards.server";
import { AppError } from "~/server/errors.server";
import { loadCartView } from "./cart-view.server";
import { pickupShopRefusal } from "./pickup-choice.server";
import {
  addressCodesOf,
  INFORMATION_FIELDS,
  informationValues,
  locationCodesFromForm,
  parseCheckoutData,
  progressFromForm,
  SHIPPING_FIELDS,
  shippingValues,
  type AddressChoices,
  type CheckoutData,
  type CheckoutStep,
  type CheckoutStepData,
  type StepRefusal,
} from "./checkout-progress";
import { informationErrors, shippingErrors } from "./checkout-validation";
import { getCheckoutSettings } from "./checkout-settings.server";
import {
  discountCodeSchema,
  informationSchemaFor,
  messages,
  shippingSchemaFor,
  type CheckoutSettings,
} from "./checkout.schema";
import { grantOrderAccess } from "./order-access.server";
import { placeOrder } from "./place-order.server";
import type { PricingDiscount } from "./pricing";

/**
 * The checkout's steps on the server cart (issue 17): every step is a plain HTML form posted to
 * its route, its progress kept in `carts.checkout`, so a refresh, a second tab or the back button
 * loses nothing and buying works before and without JavaScript. The routes stay thin: their
 * loaders and their actions' intents are here (each route wraps its intents in storeAction).
 */

const STEP_PATHS = { 1: "/checkout/information", 2: "/checkout/shipping", 3: "/checkout/payment" } as const;

/** Personal: never kept by a browser, a proxy or the page cache. */
export const NO_STORE = { "Cache-Control": "no-store" } as const;

type Context = Readonly<AppLoadContext>;

function seeOther(location: string, headers: HeadersInit = {}): Response {
  const answer = new Headers(headers);
  answer.set("Location", location);
  answer.set("Cache-Control", "no-store");
  return new Response(null, { status: 303, headers: answer });
}

const localeOf = (request: Request): Locale => localeOfPath(new URL(request.url).pathname);
const stepPath = (step: CheckoutStep, request: Request) => localizedPath(STEP_PATHS[step], localeOf(request));

/** The codes with the official names of the units they name (never the names a browser sent); unknown codes are dropped. */
export function namedLocation(
  codes: Pick<AddressValue, "structure" | "provinceCode" | "districtCode" | "wardCode">,
): AddressValue {
  const { structure } = codes;
  const province = listProvinces(structure).find((option) => option.code === codes.provinceCode);
  const district =
    structure === "legacy" && province
      ? listDistricts(province.code).find((option) => option.code === codes.districtCode)
      : undefined;
  const parent = structure === "legacy" ? district?.code : province?.code;
  const ward = parent ? listWards(structure, parent).find((option) => option.code === codes.wardCode) : undefined;
  return {
    structure,
    provinceCode: province?.code ?? "",
    provinceName: province?.name ?? "",
    districtCode: district?.code ?? "",
    districtName: district?.name ?? "",
    wardCode: ward?.code ?? "",
    wardName: ward?.name ?? "",
  };
}

/** What the address selects offer for a location (see AddressChoices). */
export function addressChoicesFor(location: AddressValue): AddressChoices {
  const { structure, provinceCode, districtCode } = location;
  const legacy = structure === "legacy";
  const parent = legacy ? districtCode : provinceCode;
  return {
    provinces: listProvinces(structure),
    districts: legacy && provinceCode ? listDistricts(provinceCode) : [],
    wards: parent ? listWards(structure, parent) : [],
  };
}

/** The cart's checkout progress, repaired, with official address names. */
export function progressOf(cart: Pick<Cart, "checkout">): CheckoutData {
  const progress = parseCheckoutData(cart.checkout);
  return { ...progress, location: namedLocation(progress.location) };
}

/** The cart's discount code as it applies to this subtotal now, or null. */
async function appliedDiscount(db: Db, code: string | null, subtotal: number): Promise<PricingDiscount | null> {
  if (!code) return null;
  const check = await checkDiscountCode(db, code, subtotal);
  if (!check.ok) return null;
  const { code: applied, type, value } = check.discount;
  return { code: applied, type, value };
}

/**
 * A step's loader: the request's cart priced now, the progress and the settings. Redirects (303)
 * to the cart when there is nothing to buy, and to the step a later step needs first (the same
 * rules as placing the order).
 */
export async function loadCheckoutStep(
  request: Request,
  context: Context,
  step: CheckoutStep,
): Promise<CheckoutStepData> {
  const db = context.database.db;
  const locale = localeOf(request);
  const cart = await findRequestCartWithLines(db, request);
  const [view, settings] = await Promise.all([loadCartView(db, cart?.lines ?? [], locale), getCheckoutSettings(db)]);
  if (!cart || view.lines.length === 0) throw seeOther(localizedPath("/cart", locale));
  const progress = progressOf(cart);
  const guard = stepGuard(progress, settings, step);
  if (guard) throw seeOther(stepPath(guard, request));
  const discount = await appliedDiscount(db, cart.discountCode, view.quote?.subtotal ?? 0);
  return { settings, cart: view, progress, discount };
}

/** The earlier step a step needs done first, or null. */
function stepGuard(
  progress: CheckoutData,
  settings: Pick<CheckoutSettings, "fields" | "delivery">,
  step: CheckoutStep,
): CheckoutStep | null {
  if (step >= 2 && Object.keys(informationErrors(progress, settings.fields)).length > 0) return 1;
  if (step >= 3 && Object.keys(shippingErrors(progress, settings.delivery)).length > 0) return 2;
  return null;
}

/**
 * A step's fields over the saved progress (progressFromForm). PostgreSQL refuses NUL in text (a
 * jsonb string too): a form carrying one is refused (400) like any malformed form, nothing saved.
 */
function typedProgress(saved: CheckoutData, form: FormData, names: readonly (keyof CheckoutData)[]): CheckoutData {
  for (const value of form.values())
    if (typeof value === "string" && value.includes("\u0000")) throw new AppError("invalid", MALFORMED_FORM_MESSAGE);
  return progressFromForm(saved, form, names);
}

/** The address as the form posted it, with official names: a changed province drops a district and ward not in it. */
const typedLocation = (form: FormData): AddressValue => namedLocation(locationCodesFromForm(form));

/** The request's cart, or a redirect to /cart when it has none (expired, or never opened). */
async function requestCart(request: Request, context: Context): Promise<Cart> {
  const cart = await findRequestCart(context.database.db, request);
  if (!cart) throw seeOther(localizedPath("/cart", localeOf(request)));
  return cart;
}

/** The progress the checkout saves for a step: the form's values as typed (the schemas check them whenever they are read). */
function informationPatch(values: CheckoutData) {
  const { location } = values;
  const { structure, provinceCode, districtCode, wardCode } = location;
  return { ...informationValues(values), location: { structure, provinceCode, districtCode, wardCode } };
}

/**
 * Step 1's intents (its route's storeAction). "continue": the shared schemas (the fields the shop's settings ask for; the
 * address codes must exist and belong together) → saved and on to shipping (303), or the field
 * messages with the values as typed (400), nothing saved. "choose-province" (the address selects
 * without JavaScript): saves what was typed and shows the step again with that province's wards.
 */
export const informationIntents = {
  continue: intent<StepRefusal>({
    run: async ({ request, context, form }) => {
      const db = context.database.db;
      const cart = await requestCart(request, context);
      const settings = await getCheckoutSettings(db);
      const values = { ...typedProgress(progressOf(cart), form, INFORMATION_FIELDS), location: typedLocation(form) };
      const info = informationSchemaFor(settings.fields).safeParse(informationValues(values));
      const address = addressCodesSchema.safeParse(addressCodesOf(values));
      const fieldErrors: Record<string, string> = {
        ...(info.success ? {} : fieldErrorsOf(info.error)),
        ...(address.success ? {} : fieldErrorsOf(address.error)),
      };
      if (address.success && !resolveAddress(address.data)) {
        fieldErrors.province ??= messages.province;
        fieldErrors.ward ??= messages.ward;
      }
      const first = Object.values(fieldErrors)[0];
      if (first) return refuse(400, first, { fieldErrors, result: { values } });
      await saveCheckoutProgress(db, cart.id, informationPatch(values));
      return seeOther(stepPath(2, request));
    },
  }),
  "choose-province": intent<StepRefusal>({
    run: async ({ request, context, form }) => {
      const cart = await requestCart(request, context);
      const values = { ...typedProgress(progressOf(cart), form, INFORMATION_FIELDS), location: typedLocation(form) };
      await saveCheckoutProgress(context.database.db, cart.id, informationPatch(values));
      return seeOther(`${stepPath(1, request)}#delivery-address`);
    },
  }),
};

/**
 * Step 2's intents (its route's storeAction). "continue": the delivery's schema → saved and on to payment (303), or the
 * messages with the values as typed (400). "apply-code" / "remove-code": the discount code,
 * checked on the server against the cart's subtotal read from the database and kept with the cart.
 * Each client address may check DISCOUNT_CODE_RATE_LIMIT codes per window, counted in the
 * database (every instance shares the count), so codes cannot be guessed by trying many (decision 0011).
 */
export const shippingIntents = {
  continue: intent<StepRefusal>({
    run: async ({ request, context, form }) => {
      const cart = await requestCart(request, context);
      const db = context.database.db;
      const values = typedProgress(progressOf(cart), form, SHIPPING_FIELDS);
      // The day and slot the delivery rules allow to the province step 1 saved, checked now.
      const { delivery } = await getCheckoutSettings(context.database.db);
      const shipping = shippingSchemaFor({ provinceCode: values.location.provinceCode, rules: delivery }).safeParse(
        shippingValues(values),
      );
      if (!shipping.success) {
        const fieldErrors = fieldErrorsOf(shipping.error);
        return refuse(400, Object.values(fieldErrors)[0] ?? messages.deliveryDateTime, {
          fieldErrors,
          result: { values },
        });
      }
      if (shipping.data.shippingMethod === "store-pickup") {
        // The shop must exist, be open for pickup and hold the whole cart now (placing the order takes the units).
        const lines = await readCartLines(db, cart.id);
        const t = translatorFor(localeOf(request));
        const refusal = await pickupShopRefusal(db, lines, shipping.data.pickupStoreId, t);
        if (refusal) return refuse(400, refusal, { fieldErrors: { pickupStoreId: refusal }, result: { values } });
      }
      await saveCheckoutProgress(db, cart.id, shippingValues(values));
      return seeOther(stepPath(3, request));
    },
  }),
  "apply-code": intent<StepRefusal>({
    run: async ({ request, context, form, headers }) => {
      const db = context.database.db;
      const cart = await requestCart(request, context);
      const values = typedProgress(progressOf(cart), form, SHIPPING_FIELDS);
      const t = translatorFor(localeOf(request));
      const clientIp = clientIpOf(request);
      const limit = await consumeRateLimit(db, `discount-code:${clientIp}`, context.env.DISCOUNT_CODE_RATE_LIMIT);
      if (!limit.allowed) {
        context.logger.warn({ clientIp }, "discount code checks rate-limited");
        headers.set("Retry-After", String(limit.retryAfterSeconds));
        const message = t("checkout.errors.tooManyCodes");
        return refuse(429, message, { fieldErrors: { discountCode: message }, result: { values } });
      }
      // A code that does not apply is an answer (200), told the same way whatever the reason.
      const code = discountCodeSchema.safeParse(form.get("discountCode") ?? "");
      const invalidCode = t("checkout.errors.invalidCode");
      const typedCode = String(form.get("discountCode") ?? "").slice(0, 50);
      const refused = (message: string) =>
        refuse(200, message, { fieldErrors: { discountCode: message }, result: { values, discountCode: typedCode } });
      if (!code.success || !code.data) return refused(invalidCode);
      const view = await loadCartView(db, await readCartLines(db, cart.id), localeOf(request));
      const check = await checkDiscountCode(db, code.data, view.quote?.subtotal ?? 0);
      if (!check.ok) return refused(check.reason ? `${invalidCode} ${check.reason}` : invalidCode);
      await setCartDiscountCode(db, cart.id, check.discount.code);
      return { values };
    },
  }),
  "remove-code": intent<StepRefusal>({
    run: async ({ request, context, form }) => {
      const cart = await requestCart(request, context);
      await setCartDiscountCode(context.database.db, cart.id, null);
      return { values: typedProgress(progressOf(cart), form, SHIPPING_FIELDS) };
    },
  }),
};

/** A catalogue key: the page shows it in its language, like the schema's messages. */
const TOO_MANY_ORDERS_MESSAGE = "checkout.errors.tooManyOrders";

/** The confirmation page of an order, with this browser's access to it and the cart's new count. */
function toConfirmation(request: Request, context: Context, orderId: string, remaining: number): Response {
  const headers = new Headers();
  // This browser may see the order's confirmation page (and no one else: decision 0018).
  headers.append("Set-Cookie", grantOrderAccess(request, orderId, context.env));
  const token = cartTokenOf(request);
  if (token) for (const cookie of cartCookies(token, remaining, context.env)) headers.append("Set-Cookie", cookie);
  const path = localizedPath(`/order-confirmation?order_id=${encodeURIComponent(orderId)}`, localeOf(request));
  return seeOther(path, headers);
}

/**
 * Step 3's intent (its route's storeAction): places the order from the server cart alone (its lines, the saved progress,
 * its discount code and idempotency key; placeOrder reads every price from the database), then
 * empties the cart of what was ordered and goes to the confirmation (303). A repeated post (a
 * double tap, a refresh, a second tab) of a cart already ordered leads to the same order.
 * Cross-site posts are refused; each client address may try ORDER_RATE_LIMIT times per window
 * (docs/decisions/0011). With the database down, the limit's own read fails like the order would (503).
 */
export const paymentIntents = {
  "place-order": intent({
    run: async ({ request, context, headers }) => {
      const db = context.database.db;
      const clientIp = clientIpOf(request);
      const limit = await consumeRateLimit(db, `order:${clientIp}`, context.env.ORDER_RATE_LIMIT);
      if (!limit.allowed) {
        context.logger.warn({ clientIp }, "order placement rate-limited");
        headers.set("Retry-After", String(limit.retryAfterSeconds));
        return refuse(429, TOO_MANY_ORDERS_MESSAGE);
      }
      const cart = await requestCart(request, context);
      const lines = await readCartLines(db, cart.id);
      if (lines.length === 0) {
        if (cart.placedOrderId) return toConfirmation(request, context, cart.placedOrderId, 0);
        throw seeOther(localizedPath("/cart", localeOf(request)));
      }
      const settings = await getCheckoutSettings(db);
      const progress = progressOf(cart);
      const guard = stepGuard(progress, settings, 3);
      if (guard) return seeOther(stepPath(guard, request));
      const body = {
        information: informationValues(progress),
        address: addressCodesOf(progress),
        shipping: shippingValues(progress),
        discountCode: cart.discountCode,
        lines: lines.map(({ productId, quantity }) => ({ productId, quantity })),
        idempotencyKey: cart.idempotencyKey,
      };
      // PostgreSQL refuses NUL in text: such a body is refused like any other invalid order.
      const order = await placeOrder(db, JSON.stringify(body).includes("\\u0000") ? null : body, {
        locale: localeOf(request),
        links: orderEmailLinksOf(context.env),
      }).catch(async (error: unknown) => {
        // A code that no longer applies is taken off the cart, so the summary shows the real total.
        if (isDiscountRefusal(error)) await setCartDiscountCode(db, cart.id, null);
        throw error;
      });
      if (order.created)
        context.logger.info({ orderId: order.id, orderNumber: order.orderNumber, total: order.total }, "order placed");
      await markCartOrdered(
        db,
        cart.id,
        order.id,
        lines.map((line) => line.productId),
      );
      return toConfirmation(request, context, order.id, countItems(await readCartLines(db, cart.id)));
    },
  }),
};

function isDiscountRefusal(error: unknown): boolean {
  return error instanceof AppError && Boolean(error.fieldErrors?.discountCode);
}
