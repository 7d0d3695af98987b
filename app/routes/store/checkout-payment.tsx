import { Banknote } from "lucide-react";
import { useEffect, useRef } from "react";
import { data, Link, useFetcher, useNavigate } from "react-router";
import { toast } from "sonner";
import { Button } from "~/components/ui/button";
import { assertSameOrigin } from "~/features/auth/auth.server";
import { clearCart } from "~/features/cart/cart-store";
import { getCheckoutSettings } from "~/features/checkout/checkout-settings.server";
import {
  addressCodesOf,
  clearCheckoutData,
  ensureIdempotencyKey,
  informationValues,
  shippingValues,
  updateCheckoutData,
} from "~/features/checkout/checkout-store";
import { CheckoutShell, useCheckoutStep } from "~/features/checkout/components/checkout-shell";
import { grantOrderAccess } from "~/features/checkout/order-access.server";
import { placeOrder } from "~/features/checkout/place-order.server";
import { formatOrderNumber } from "~/lib/order-number";
import { AppError, publicMessage, toHttpStatus } from "~/server/errors.server";
import { consumeRateLimit } from "~/server/rate-limit.server";
import { clientIpOf } from "~/server/request-guards.server";
import type { Route } from "./+types/checkout-payment";
import { storeMeta } from "./store-meta";

export const meta: Route.MetaFunction = (args) =>
  storeMeta(args, {
    title: "Checkout: review and pay",
    description: "Review your order and pay on delivery.",
    noIndex: true,
  });

export async function loader({ context }: Route.LoaderArgs) {
  return { settings: await getCheckoutSettings(context.database.db) };
}

type PlaceResult =
  | { ok: true; orderId: string; orderNumber: string }
  | { ok: false; message: string; fieldErrors?: Record<string, string> };

const TOO_MANY_ORDERS_MESSAGE = "Bạn đã đặt quá nhiều đơn hàng trong thời gian ngắn, vui lòng thử lại sau ít phút";

/**
 * Places the order (one transaction, server prices; see placeOrder). Cross-site posts are
 * refused; each client address may try ORDER_RATE_LIMIT times per window (docs/decisions/0011).
 */
export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request, context.env);
  const clientIp = clientIpOf(request);
  const text = await request.text();
  // PostgreSQL refuses NUL in text: such a body is refused like any other invalid order.
  const body: unknown = text.includes("\\u0000") ? null : parseJson(text);
  try {
    // Inside the try: with the database down, the limit's own read fails like the order would (503).
    const limit = await consumeRateLimit(context.database.db, `order:${clientIp}`, context.env.ORDER_RATE_LIMIT);
    if (!limit.allowed) {
      context.logger.warn({ clientIp }, "order placement rate-limited");
      return data<PlaceResult>(
        { ok: false, message: TOO_MANY_ORDERS_MESSAGE },
        { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
      );
    }
    const order = await placeOrder(context.database.db, body);
    if (order.created)
      context.logger.info({ orderId: order.id, orderNumber: order.orderNumber, total: order.total }, "order placed");
    // This browser may see the order's confirmation page (and no one else: decision 0018).
    return data<PlaceResult>(
      { ok: true, orderId: order.id, orderNumber: formatOrderNumber(order.orderNumber) },
      { headers: { "Set-Cookie": grantOrderAccess(request, order.id, context.env), "Cache-Control": "no-store" } },
    );
  } catch (error) {
    // 503 when the database cannot be reached: the shopper is told to try again shortly.
    const status = toHttpStatus(error);
    if (status === 503) context.logger.warn({ err: error }, "order placement failed: database unavailable");
    else if (!(error instanceof AppError)) context.logger.error({ err: error }, "order placement failed");
    return data<PlaceResult>(
      {
        ok: false,
        message: publicMessage(error),
        fieldErrors: error instanceof AppError ? error.fieldErrors : undefined,
      },
      { status },
    );
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

const methodLabels = {
  "local-delivery": "Local delivery",
  "store-pickup": "Store pickup",
  express: "Express delivery",
} as const;

export default function CheckoutPayment({ loaderData }: Route.ComponentProps) {
  const { settings } = loaderData;
  const placed = useRef(false);
  const { data, cart, ready } = useCheckoutStep(3, placed);
  const navigate = useNavigate();
  const fetcher = useFetcher<typeof action>();
  const handled = useRef<unknown>(null);
  const placing = fetcher.state !== "idle";

  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result || handled.current === result) return;
    handled.current = result;
    if (result.ok) {
      placed.current = true;
      clearCart();
      clearCheckoutData();
      toast.success("Đặt hàng thành công!", { description: `Mã đơn hàng: ${result.orderNumber}` });
      navigate(`/order-confirmation?order_id=${encodeURIComponent(result.orderId)}`, { replace: true });
    } else {
      console.error("Order creation failed:", result.message);
      toast.error("Lỗi", { description: result.message || "Không thể tạo đơn hàng" });
      if (result.fieldErrors?.discountCode) {
        // The code no longer applies: take it off so the summary shows the real total.
        updateCheckoutData({ discount: null });
      }
    }
  }, [fetcher.state, fetcher.data, navigate]);

  const placeOrderNow = () => {
    if (placing) return;
    const idempotencyKey = ensureIdempotencyKey();
    fetcher.submit(
      {
        information: informationValues(data),
        address: addressCodesOf(data),
        shipping: shippingValues(data),
        discountCode: data.discount?.code ?? null,
        lines: cart.lines.map(({ productId, quantity }) => ({ productId, quantity })),
        idempotencyKey,
      },
      { method: "post", encType: "application/json" },
    );
  };

  const loc = data.location;
  return (
    <CheckoutShell step={3} settings={settings} data={data} cart={cart} ready={ready}>
      <div className="flex flex-col gap-8">
        <h1 className="text-2xl font-bold">Review and place your order</h1>
        <dl className="divide-y divide-brand-charcoal/10 rounded-xl border border-brand-charcoal/10 text-sm">
          <div className="flex flex-wrap gap-x-4 gap-y-1 p-4">
            <dt className="w-28 text-brand-cool-gray">Contact</dt>
            <dd className="flex-1">
              {data.email}
              <br />
              {data.phone}
              <span className="mt-1 block">
                <Link
                  to="/checkout/information"
                  className="font-medium text-brand-teal-strong hover:underline"
                  aria-label="Change contact"
                >
                  Change
                </Link>
              </span>
            </dd>
          </div>
          <div className="flex flex-wrap gap-x-4 gap-y-1 p-4">
            <dt className="w-28 text-brand-cool-gray">Ship to</dt>
            <dd className="flex-1" data-testid="review-address">
              {data.firstName} {data.lastName}
              {data.company ? `, ${data.company}` : ""}
              <br />
              {data.address}
              <br />
              {[loc.wardName, loc.districtName].filter(Boolean).join(", ")}
              <br />
              {loc.provinceName}, {data.postalCode}
              {loc.structure === "legacy" && (
                <span className="block text-xs text-brand-cool-gray">Địa chỉ cũ (trước 01/07/2025)</span>
              )}
              <span className="mt-1 block">
                <Link
                  to="/checkout/information"
                  className="font-medium text-brand-teal-strong hover:underline"
                  aria-label="Change address"
                >
                  Change
                </Link>
              </span>
            </dd>
          </div>
          <div className="flex flex-wrap gap-x-4 gap-y-1 p-4">
            <dt className="w-28 text-brand-cool-gray">Delivery</dt>
            <dd className="flex-1">
              {methodLabels[data.shippingMethod]}
              <br />
              {data.shippingDate &&
                new Date(`${data.shippingDate}T00:00:00Z`).toLocaleDateString("vi-VN", { timeZone: "UTC" })}{" "}
              · {data.shippingTime}
              {data.orderInstructions && (
                <span className="mt-1 block text-brand-cool-gray">Note: {data.orderInstructions}</span>
              )}
              <span className="mt-1 block">
                <Link
                  to="/checkout/shipping"
                  className="font-medium text-brand-teal-strong hover:underline"
                  aria-label="Change delivery"
                >
                  Change
                </Link>
              </span>
            </dd>
          </div>
          {(data.isGift || data.vatInvoice) && (
            <div className="flex flex-wrap gap-x-4 gap-y-1 p-4">
              <dt className="w-28 text-brand-cool-gray">Options</dt>
              <dd className="flex-1">
                {data.isGift && <span className="block">Gift{data.giftMessage ? `: “${data.giftMessage}”` : ""}</span>}
                {data.vatInvoice && (
                  <span className="block">
                    VAT invoice: {data.vatCompanyName} ({data.vatTaxCode}), {data.vatCompanyAddress}
                  </span>
                )}
              </dd>
            </div>
          )}
        </dl>

        <fieldset className="flex flex-col gap-3">
          <legend className="mb-3 text-xl font-bold">Payment</legend>
          <label className="flex min-h-14 items-center gap-3 rounded-xl border border-brand-charcoal bg-brand-white p-4">
            <input
              type="radio"
              name="paymentMethod"
              value="cod"
              checked
              readOnly
              className="size-5 accent-brand-teal-strong"
            />
            <Banknote className="size-5 text-brand-teal-strong" aria-hidden="true" />
            <span className="flex flex-col">
              <span className="font-medium">Thanh toán khi nhận hàng</span>
              <span className="text-xs text-brand-cool-gray">Cash on delivery: pay when you receive your order.</span>
            </span>
          </label>
        </fieldset>

        <div className="flex flex-col-reverse items-stretch gap-3 sm:flex-row sm:items-center sm:justify-between">
          <Link
            to="/checkout/shipping"
            className="inline-flex min-h-11 items-center justify-center text-sm font-medium text-brand-teal-strong hover:underline"
          >
            Return to shipping
          </Link>
          <Button
            type="button"
            size="lg"
            onClick={placeOrderNow}
            disabled={placing || cart.quote?.hasProblems || Boolean(cart.quote?.orderLimitMessage)}
            aria-busy={placing}
          >
            {placing ? "Đang đặt hàng..." : "Đặt hàng"}
          </Button>
        </div>
        {cart.quote?.orderLimitMessage && (
          <p role="alert" className="text-sm text-red-800">
            {cart.quote.orderLimitMessage}{" "}
            <Link to="/cart" className="underline">
              Sửa giỏ hàng
            </Link>
          </p>
        )}
        {cart.quote?.hasProblems && (
          <p role="alert" className="text-sm text-red-800">
            Some items in your cart are no longer available.{" "}
            <Link to="/cart" className="underline">
              Review your cart
            </Link>
            .
          </p>
        )}
      </div>
    </CheckoutShell>
  );
}
