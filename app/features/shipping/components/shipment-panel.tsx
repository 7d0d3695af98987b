import { ExternalLink, Printer, RefreshCw } from "~/components/ui/icons";
import { useId } from "react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { DetailCard } from "~/components/ui/detail-card";
import { Input, Select } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { TextField } from "~/components/ui/text-field";
import { fieldError } from "~/components/ui/use-action-feedback";
import { formatDateTimeVi } from "~/lib/dates";
import { formatVnd } from "~/lib/money";
import { CreateShipmentForm, type GhnShipmentChoice, type ShipmentDefaults } from "./create-shipment-form";
import { GhnLabelLinks } from "./ghn-label-links";
import { useShipmentFetcher } from "./use-shipment-fetcher";
import {
  canMoveShipment,
  failureReasons,
  feePayerLabels,
  shipmentStatusLabels,
  type ShipmentStatus,
} from "../shipments.schema";
import type { ShipmentView } from "../shipments.server";

/*
 * The order page's "Vận chuyển" panel (issue 16): the create-shipment form with its defaults,
 * then the shipment card (carrier, code, status, actions, label links, events). Its intents are
 * the order route's "shipment-…" ones.
 */

export interface ShipmentPanelProps {
  orderStatus: string;
  items: { id: number; productName: string; quantity: number }[];
  shipments: ShipmentView[];
  defaults: ShipmentDefaults | null;
  /** GHN's choice when its account is enabled and configured (else the form books manual shipments only). */
  ghn: GhnShipmentChoice | null;
}

const statusVariant = {
  booked: "info",
  in_transit: "info",
  delivered: "success",
  failed: "danger",
  returning: "warning",
  returned: "neutral",
  cancelled: "neutral",
} as const satisfies Record<ShipmentStatus, "warning" | "info" | "success" | "danger" | "neutral">;

export function ShipmentStatusBadge({ status }: { status: ShipmentStatus }) {
  return <Badge variant={statusVariant[status]}>{shipmentStatusLabels[status]}</Badge>;
}

export function ShipmentPanel({ orderStatus, items, shipments, defaults, ghn }: ShipmentPanelProps) {
  const live = shipments.find((s) => s.status !== "cancelled") ?? null;
  const cancelled = shipments.filter((s) => s.status === "cancelled");
  // The card's fetcher lives here: a cancelled shipment's card goes away, its "Đã hủy vận đơn" toast must not.
  const cardFetcher = useShipmentFetcher();
  const canCreate = !live && defaults !== null && (orderStatus === "processing" || orderStatus === "pending");
  return (
    <DetailCard title="Vận chuyển">
      <div className="flex flex-col gap-4" data-testid="shipment-panel">
        {live && <ShipmentCard shipment={live} items={items} fetcher={cardFetcher} />}
        {canCreate && defaults && (
          <CreateShipmentForm defaults={defaults} ghn={ghn} pending={orderStatus === "pending"} />
        )}
        {!live && !canCreate && (
          <p className="text-sm text-brand-cool-gray">Đơn hàng ở trạng thái này không tạo được vận đơn.</p>
        )}
        {cancelled.length > 0 && (
          <details className="text-sm">
            <summary className="cursor-pointer font-medium text-brand-cool-gray">
              Vận đơn đã hủy ({cancelled.length})
            </summary>
            <ul className="mt-2 flex flex-col gap-1">
              {cancelled.map((s) => (
                <li key={s.id}>
                  {s.carrierName} {s.trackingCode ? `· ${s.trackingCode}` : ""} · tạo lúc{" "}
                  {formatDateTimeVi(s.createdAt)}
                </li>
              ))}
            </ul>
          </details>
        )}
      </div>
    </DetailCard>
  );
}

function ActionButton({
  fetcher,
  intent,
  shipment,
  children,
  variant = "outline",
}: {
  fetcher: ReturnType<typeof useShipmentFetcher>;
  intent: string;
  shipment: ShipmentView;
  children: string;
  variant?: "outline" | "ghost" | "teal";
}) {
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="shipmentId" value={shipment.id} />
      <input type="hidden" name="version" value={shipment.version} />
      <Button type="submit" size="sm" variant={variant} disabled={fetcher.state !== "idle"}>
        {children}
      </Button>
    </fetcher.Form>
  );
}

function ShipmentCard({
  shipment,
  items,
  fetcher,
}: {
  shipment: ShipmentView;
  items: ShipmentPanelProps["items"];
  fetcher: ReturnType<typeof useShipmentFetcher>;
}) {
  const id = useId();
  const s = shipment.status;
  const label = `/admin/shipments/${shipment.id}/label`;
  return (
    <div className="flex flex-col gap-3" data-testid="shipment-card">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <p className="font-semibold">{shipment.carrierName}</p>
          <p className="font-mono text-sm" data-testid="shipment-code">
            {shipment.trackingCode ?? <span className="font-sans text-brand-cool-gray">Chưa có mã vận đơn</span>}
          </p>
        </div>
        <ShipmentStatusBadge status={s} />
      </div>
      <dl className="grid grid-cols-[7rem_minmax(0,1fr)] gap-x-2 gap-y-1 text-sm">
        <dt className="text-brand-cool-gray">Thu hộ</dt>
        <dd className="tabular-nums">
          {formatVnd(shipment.codAmount)}
          {shipment.codChangeReason ? ` (${shipment.codChangeReason})` : ""}
        </dd>
        <dt className="text-brand-cool-gray">Kiện hàng</dt>
        <dd>
          {shipment.weightGrams.toLocaleString("vi-VN")} g · {shipment.lengthCm} × {shipment.widthCm} ×{" "}
          {shipment.heightCm} cm
        </dd>
        <dt className="text-brand-cool-gray">Phí</dt>
        <dd>
          {feePayerLabels[shipment.feePayer]}
          {shipment.carrierFee !== null && (
            <span className="tabular-nums">
              {" "}
              · {shipment.carrierName} tính {formatVnd(shipment.carrierFee)}
            </span>
          )}
        </dd>
        {shipment.expectedDeliveryAt && (
          <>
            <dt className="text-brand-cool-gray">Dự kiến giao</dt>
            <dd>{formatDateTimeVi(shipment.expectedDeliveryAt)}</dd>
          </>
        )}
        {shipment.courierNote && (
          <>
            <dt className="text-brand-cool-gray">Ghi chú</dt>
            <dd>{shipment.courierNote}</dd>
          </>
        )}
      </dl>

      <div className="flex flex-wrap gap-2">
        <Button asChild size="sm" variant="ghost">
          <a href={`${label}?size=a6`} target="_blank" rel="noreferrer">
            <Printer className="size-4" aria-hidden="true" />
            In nhãn A6
          </a>
        </Button>
        <Button asChild size="sm" variant="ghost">
          <a href={`${label}?size=a4`} target="_blank" rel="noreferrer">
            <Printer className="size-4" aria-hidden="true" />
            In nhãn A4
          </a>
        </Button>
        {shipment.carrier === "ghn" && shipment.trackingCode && s !== "cancelled" && (
          <GhnLabelLinks shipmentId={shipment.id} />
        )}
        {shipment.trackingUrl && (
          <Button asChild size="sm" variant="ghost">
            <a href={shipment.trackingUrl} target="_blank" rel="noreferrer">
              <ExternalLink className="size-4" aria-hidden="true" />
              Tra cứu trên trang {shipment.carrierName}
            </a>
          </Button>
        )}
      </div>

      {shipment.carrier === "ghn" && (
        <div className="flex flex-col gap-2 rounded-lg border border-brand-charcoal/15 p-3">
          <p className="text-sm text-brand-cool-gray">
            GHN báo trạng thái qua webhook; “Cập nhật từ GHN” lấy ngay hành trình mới nhất. Các nút bên dưới để nhân
            viên ghi nhận thủ công khi cần.
          </p>
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value="shipment-sync" />
            <input type="hidden" name="shipmentId" value={shipment.id} />
            <Button type="submit" size="sm" variant="outline" disabled={fetcher.state !== "idle"}>
              <RefreshCw className="size-4" aria-hidden="true" />
              {fetcher.state !== "idle" && fetcher.formData?.get("intent") === "shipment-sync"
                ? "Đang cập nhật..."
                : "Cập nhật từ GHN"}
            </Button>
          </fetcher.Form>
        </div>
      )}

      {shipment.carrier === "manual" && s !== "returned" && (
        <fetcher.Form method="post" className="flex flex-col gap-1.5">
          <input type="hidden" name="intent" value="shipment-code" />
          <input type="hidden" name="shipmentId" value={shipment.id} />
          <input type="hidden" name="version" value={shipment.version} />
          <Label htmlFor={`${id}-code`}>{shipment.trackingCode ? "Sửa mã vận đơn" : "Nhập mã vận đơn"}</Label>
          <div className="flex gap-2">
            <Input
              id={`${id}-code`}
              name="trackingCode"
              defaultValue={shipment.trackingCode ?? ""}
              key={shipment.trackingCode ?? ""}
              autoComplete="off"
              aria-invalid={fieldError(fetcher.data, "trackingCode") ? true : undefined}
              aria-describedby={fieldError(fetcher.data, "trackingCode") ? `${id}-code-error` : undefined}
            />
            <Button type="submit" size="md" disabled={fetcher.state !== "idle"}>
              Lưu
            </Button>
          </div>
          {fieldError(fetcher.data, "trackingCode") && (
            <p id={`${id}-code-error`} className="text-sm text-red-700">
              {fieldError(fetcher.data, "trackingCode")}
            </p>
          )}
        </fetcher.Form>
      )}

      <div className="flex flex-wrap gap-2">
        {canMoveShipment(s, "in_transit") && (
          <ActionButton fetcher={fetcher} intent="shipment-transit" shipment={shipment}>
            Đã bàn giao cho hãng
          </ActionButton>
        )}
        {canMoveShipment(s, "delivered") && (
          <ActionButton fetcher={fetcher} intent="shipment-delivered" shipment={shipment} variant="teal">
            Giao thành công
          </ActionButton>
        )}
        {canMoveShipment(s, "returning") && (
          <ActionButton fetcher={fetcher} intent="shipment-returning" shipment={shipment}>
            Đang hoàn về
          </ActionButton>
        )}
        {canMoveShipment(s, "cancelled") && (
          <ActionButton fetcher={fetcher} intent="shipment-cancel" shipment={shipment} variant="ghost">
            Hủy vận đơn
          </ActionButton>
        )}
      </div>

      {canMoveShipment(s, "failed") && (
        <details className="rounded-lg border border-brand-charcoal/15 p-3">
          <summary className="cursor-pointer text-sm font-semibold">Giao thất bại / người mua từ chối…</summary>
          <fetcher.Form method="post" className="mt-3 flex flex-col gap-3">
            <input type="hidden" name="intent" value="shipment-failed" />
            <input type="hidden" name="shipmentId" value={shipment.id} />
            <input type="hidden" name="version" value={shipment.version} />
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={`${id}-reason`}>Lý do</Label>
              <Select id={`${id}-reason`} name="reason" defaultValue={failureReasons[0]}>
                {failureReasons.map((r) => (
                  <option key={r} value={r}>
                    {r}
                  </option>
                ))}
                <option value="other">Lý do khác</option>
              </Select>
            </div>
            <TextField
              id={`${id}-other`}
              name="otherReason"
              label="Lý do khác"
              error={fieldError(fetcher.data, "otherReason")}
            />
            <Button
              type="submit"
              size="sm"
              variant="outline"
              className="self-start"
              disabled={fetcher.state !== "idle"}
            >
              Ghi nhận giao thất bại
            </Button>
          </fetcher.Form>
        </details>
      )}

      {canMoveShipment(s, "returned") && (
        <details className="rounded-lg border border-amber-300 bg-amber-50/50 p-3" open={s === "returning"}>
          <summary className="cursor-pointer text-sm font-semibold">Nhận hàng hoàn</summary>
          <fetcher.Form method="post" className="mt-3 flex flex-col gap-3">
            <input type="hidden" name="intent" value="shipment-return" />
            <input type="hidden" name="shipmentId" value={shipment.id} />
            <input type="hidden" name="version" value={shipment.version} />
            <p className="text-sm text-brand-cool-gray">
              Số lượng còn bán được sẽ nhập lại kho; hàng hư hỏng không nhập lại.
            </p>
            <ul className="flex flex-col gap-3">
              {items.map((item) => (
                <li key={item.id} className="flex flex-col gap-2">
                  <span className="text-sm font-medium">
                    {item.productName} <span className="text-brand-cool-gray">× {item.quantity}</span>
                  </span>
                  <div className="grid grid-cols-2 gap-2">
                    <TextField
                      id={`${id}-restock-${item.id}`}
                      name={`restock.${item.id}`}
                      label="Nhập lại kho"
                      inputMode="numeric"
                      defaultValue={item.quantity}
                      error={fieldError(fetcher.data, `restock.${item.id}`)}
                    />
                    <TextField
                      id={`${id}-damaged-${item.id}`}
                      name={`damaged.${item.id}`}
                      label="Hư hỏng"
                      inputMode="numeric"
                      defaultValue={0}
                    />
                  </div>
                </li>
              ))}
            </ul>
            <TextField id={`${id}-return-note`} name="note" label="Ghi chú" />
            {fetcher.data && !fetcher.data.ok && fetcher.data.intent === "shipment-return" && (
              <p role="alert" className="text-sm text-red-700">
                {fetcher.data.error}
              </p>
            )}
            <Button type="submit" size="sm" variant="teal" className="self-start" disabled={fetcher.state !== "idle"}>
              Xác nhận đã nhận hàng hoàn
            </Button>
          </fetcher.Form>
        </details>
      )}

      <div>
        <h3 className="mb-2 text-sm font-semibold">Hành trình</h3>
        <ol className="flex flex-col gap-2" data-testid="shipment-events">
          {[...shipment.events].reverse().map((event) => (
            <li key={event.id} className="flex gap-3 text-sm">
              <span className="mt-1.5 size-2 shrink-0 rounded-full bg-brand-teal-strong" aria-hidden="true" />
              <div className="flex flex-col">
                <span className="font-medium">
                  {/* Staff's descriptions already say what happened; a carrier's get our status in front. */}
                  {event.source === "staff" && event.description
                    ? event.description
                    : [event.status ? shipmentStatusLabels[event.status] : "Cập nhật", event.description]
                        .filter(Boolean)
                        .join(" · ")}
                </span>
                <span className="text-xs text-brand-cool-gray">
                  {formatDateTimeVi(event.occurredAt)} · {event.byName ?? "—"}
                </span>
              </div>
            </li>
          ))}
        </ol>
      </div>
    </div>
  );
}
