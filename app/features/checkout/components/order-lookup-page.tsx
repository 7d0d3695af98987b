import { PackageSearch } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { FormField } from "~/components/ui/label";
import { fieldError, type ActionFeedbackResult } from "~/components/ui/use-action-feedback";
import { orderStatusLabels } from "~/features/orders/orders.schema";
import { formatOrderNumber } from "~/lib/order-number";
import type { OrderConfirmation } from "../order-confirmation.server";
import { OrderDetails } from "./order-details";
import "./print.css";

/** The look-up's answer: why it found nothing, with what was typed (the form shows it again). */
export type OrderLookupAnswer = ActionFeedbackResult & { result?: { values: { number: string; phone: string } } };

/**
 * /order-lookup: the order this browser may see (its status and details), or the form that asks
 * for its number and phone (pre-filled with `number`, or with what was posted and refused).
 */
export function OrderLookupPage({
  confirmation,
  number,
  result,
}: {
  confirmation: OrderConfirmation | null;
  number: string;
  result: OrderLookupAnswer | undefined;
}) {
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
  return <LookupForm number={number} result={result} />;
}

function LookupForm({ number, result }: { number: string; result: OrderLookupAnswer | undefined }) {
  const busy = useNavigation().state === "submitting";
  const typed = result?.result?.values;
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
        <FormField id="lookup-number" label="Mã đơn hàng" required error={fieldError(result, "number")}>
          {(f) => (
            <Input
              {...f}
              name="number"
              defaultValue={typed?.number ?? number}
              placeholder="DH000123"
              autoComplete="off"
              spellCheck={false}
              maxLength={30}
              className="uppercase"
            />
          )}
        </FormField>
        <FormField id="lookup-phone" label="Số điện thoại đặt hàng" required error={fieldError(result, "phone")}>
          {(f) => (
            <Input
              {...f}
              name="phone"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              defaultValue={typed?.phone ?? ""}
              placeholder="0912 345 678"
              maxLength={30}
            />
          )}
        </FormField>
        {result && !result.ok && !result.fieldErrors && (
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
