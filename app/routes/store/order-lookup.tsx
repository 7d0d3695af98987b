import { PackageSearch } from "lucide-react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { FormField } from "~/components/ui/label";
import { assertSameOrigin } from "~/features/auth/auth.server";
import { OrderDetails } from "~/features/checkout/components/order-details";
import { canSeeOrder, grantOrderAccess } from "~/features/checkout/order-access.server";
import { findOrderForLookup, getOrderConfirmation } from "~/features/checkout/order-confirmation.server";
import { orderLookupMessages, orderLookupSchema } from "~/features/checkout/order-lookup.schema";
import { orderStatusLabels } from "~/features/orders/orders.schema";
import { formatOrderNumber } from "~/lib/order-number";
import { consumeRateLimit } from "~/server/rate-limit.server";
import { clientIpOf, readForm } from "~/server/request-guards.server";
import type { Route } from "./+types/order-lookup";
import { storeMeta } from "./store-meta";
import "~/features/checkout/components/print.css";

/** Personal data: never kept by a browser, a proxy or the page cache. */
const NO_STORE = { "Cache-Control": "no-store" };

export const headers: Route.HeadersFunction = () => NO_STORE;

/**
 * GET: the look-up form (`?number=` pre-fills it: the order e-mails link here), or, with
 * `?order_id=` and a grant for it in this browser, that order and its status.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const orderId = url.searchParams.get("order_id");
  const confirmation =
    orderId && canSeeOrder(request, orderId, context.env)
      ? await getOrderConfirmation(context.database.db, orderId)
      : null;
  return data({ confirmation, number: (url.searchParams.get("number") ?? "").slice(0, 30) }, { headers: NO_STORE });
}

type LookupResult = { error: string; fieldErrors?: Record<string, string>; values: { number: string; phone: string } };

/**
 * POST number + phone: the right pair grants this browser the order (two hours, decision 0018)
 * and shows it; a wrong number and a wrong phone get the same answer. Each client address may
 * try ORDER_LOOKUP_RATE_LIMIT times per window, counted in the database (shared by instances).
 */
export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request, context.env);
  const form = await readForm(request);
  const values = {
    number: String(form.get("number") ?? "").slice(0, 30),
    phone: String(form.get("phone") ?? "").slice(0, 30),
  };
  const { db } = context.database;
  const clientIp = clientIpOf(request);
  const limit = await consumeRateLimit(db, `order-lookup:${clientIp}`, context.env.ORDER_LOOKUP_RATE_LIMIT);
  if (!limit.allowed) {
    context.logger.warn({ clientIp }, "order look-up rate-limited");
    return data<LookupResult>(
      { error: orderLookupMessages.tooMany, values },
      { status: 429, headers: { ...NO_STORE, "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }
  const parsed = orderLookupSchema.safeParse(values);
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0])] ??= issue.message;
    return data<LookupResult>(
      { error: Object.values(fieldErrors)[0], fieldErrors, values },
      { status: 400, headers: NO_STORE },
    );
  }
  const orderId = await findOrderForLookup(db, parsed.data);
  if (!orderId)
    return data<LookupResult>({ error: orderLookupMessages.notFound, values }, { status: 404, headers: NO_STORE });
  return redirect(`/order-lookup?order_id=${encodeURIComponent(orderId)}`, {
    status: 303,
    headers: { ...NO_STORE, "Set-Cookie": grantOrderAccess(request, orderId, context.env) },
  });
}

export const meta: Route.MetaFunction = (args) =>
  storeMeta(args, {
    title: "Tra cứu đơn hàng",
    description: "Xem đơn hàng bằng mã đơn hàng và số điện thoại.",
    noIndex: true,
  });

export default function OrderLookupPage({ loaderData, actionData }: Route.ComponentProps) {
  const { confirmation, number } = loaderData;
  if (confirmation) {
    const { order } = confirmation;
    return (
      <div className="order-confirmation mx-auto w-full max-w-3xl px-4 py-8 md:py-12">
        <div className="flex flex-col items-center gap-3 text-center">
          <h1 className="text-2xl font-bold md:text-3xl">
            Đơn hàng{" "}
            <span className="tabular-nums" data-testid="order-number">
              {formatOrderNumber(order.orderNumber)}
            </span>
          </h1>
          <p className="rounded-full bg-brand-white px-5 py-2 text-sm">
            Trạng thái: <strong data-testid="order-status">{orderStatusLabels[order.status]}</strong>
          </p>
          <p className="text-sm text-brand-cool-gray">
            Đặt lúc {new Date(order.createdAt).toLocaleString("vi-VN", { timeZone: "Asia/Ho_Chi_Minh" })}
          </p>
        </div>
        <OrderDetails confirmation={confirmation} />
        <div className="mt-8 flex justify-center print:hidden">
          <Button asChild variant="outline">
            <Link to="/order-lookup">Tra cứu đơn hàng khác</Link>
          </Button>
        </div>
      </div>
    );
  }
  return <LookupForm number={number} result={actionData} />;
}

function LookupForm({ number, result }: { number: string; result: LookupResult | undefined }) {
  const busy = useNavigation().state === "submitting";
  const fieldErrors = result?.fieldErrors ?? {};
  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-6 px-4 py-12 md:py-16">
      <div className="flex flex-col items-center gap-3 text-center">
        <PackageSearch className="size-12 text-brand-teal-strong" aria-hidden="true" />
        <h1 className="text-2xl font-bold">Tra cứu đơn hàng</h1>
        <p className="text-sm text-brand-charcoal">
          Nhập mã đơn hàng (trong email xác nhận, ví dụ DH000123) và số điện thoại đã dùng khi đặt hàng.
        </p>
      </div>
      <Form
        method="post"
        noValidate
        className="flex flex-col gap-4 rounded-2xl border border-brand-charcoal/10 p-5"
        aria-labelledby="lookup-title"
      >
        <h2 id="lookup-title" className="sr-only">
          Thông tin tra cứu
        </h2>
        <FormField id="lookup-number" label="Mã đơn hàng" required error={fieldErrors.number}>
          {(f) => (
            <Input
              {...f}
              name="number"
              defaultValue={result?.values.number ?? number}
              placeholder="DH000123"
              autoComplete="off"
              spellCheck={false}
              maxLength={30}
              className="uppercase"
            />
          )}
        </FormField>
        <FormField id="lookup-phone" label="Số điện thoại đặt hàng" required error={fieldErrors.phone}>
          {(f) => (
            <Input
              {...f}
              name="phone"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              defaultValue={result?.values.phone ?? ""}
              placeholder="0912 345 678"
              maxLength={30}
            />
          )}
        </FormField>
        {result && !result.fieldErrors && (
          <p role="alert" className="text-sm text-red-700" data-testid="lookup-error">
            {result.error}
          </p>
        )}
        <Button type="submit" disabled={busy} aria-busy={busy}>
          {busy ? "Đang tra cứu..." : "Tra cứu"}
        </Button>
      </Form>
    </div>
  );
}
