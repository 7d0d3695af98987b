import { ExternalLink, Printer, RefreshCw, Truck } from "~/components/ui/icons";
import { useId, useState } from "react";
import { useFetcher, useRevalidator } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { DetailCard } from "~/components/ui/detail-card";
import { Input, Select, Textarea } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { TextField } from "~/components/ui/text-field";
import {
  fieldError,
  useActionFeedback,
  type ActionFeedbackResult,
  type ToastText,
} from "~/components/ui/use-action-feedback";
import { formatDateTimeVi } from "~/lib/dates";
import { formatVnd } from "~/lib/money";
import { staleRowMessage } from "~/lib/row-version";
import { ghnServiceTypes } from "../carrier-accounts.schema";
import { GhnLabelLinks } from "./ghn-label-links";
import {
  canMoveShipment,
  carrierNameSuggestions,
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
  defaults: {
    weightGrams: number;
    lengthCm: number;
    widthCm: number;
    heightCm: number;
    codAmount: number;
    courierNote: string;
  } | null;
  /** GHN's choice when its account is enabled and configured (else the form books manual shipments only). */
  ghn: {
    defaultServiceTypeId: number;
    /** GHN's fee for the default parcel (đồng), or null when GHN could not say. */
    estimate: number | null;
  } | null;
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

const successText: Record<string, ToastText> = {
  "shipment-create": { title: "Thành công", description: "Đã tạo vận đơn" },
  "shipment-code": { title: "Thành công", description: "Đã lưu mã vận đơn" },
  "shipment-transit": { title: "Thành công", description: "Đã chuyển sang Đang giao" },
  "shipment-delivered": { title: "Thành công", description: "Đã ghi nhận giao hàng thành công" },
  "shipment-failed": { title: "Thành công", description: "Đã ghi nhận giao thất bại" },
  "shipment-returning": { title: "Thành công", description: "Đã chuyển sang Đang hoàn về" },
  "shipment-cancel": { title: "Thành công", description: "Đã hủy vận đơn" },
  "shipment-return": { title: "Thành công", description: "Đã nhận hàng hoàn và cập nhật tồn kho" },
  "shipment-sync": { title: "Thành công", description: "Đã cập nhật trạng thái từ GHN" },
};

const STALE = staleRowMessage("Vận đơn");
function useShipmentFetcher() {
  const fetcher = useFetcher<ActionFeedbackResult>();
  const { revalidate } = useRevalidator();
  useActionFeedback(fetcher.data, {
    success: successText,
    pending: fetcher.state !== "idle",
    errorAction: (failed) =>
      failed.error === STALE ? { label: "Tải lại", onClick: () => void revalidate() } : undefined,
  });
  return fetcher;
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

const carrierChoices = [
  { value: "manual", label: "Tự gửi / nhập mã thủ công", hint: "Gửi hãng bất kỳ, nhập mã vận đơn ngay hoặc sau" },
  { value: "ghn", label: "GHN (đặt qua API)", hint: "GHN cấp mã vận đơn và cập nhật hành trình" },
] as const;

function CreateShipmentForm({
  defaults,
  ghn,
  pending,
}: {
  defaults: NonNullable<ShipmentPanelProps["defaults"]>;
  ghn: ShipmentPanelProps["ghn"];
  pending: boolean;
}) {
  const fetcher = useShipmentFetcher();
  const id = useId();
  const [carrier, setCarrier] = useState<"manual" | "ghn">("manual");
  const err = (name: string) => fieldError(fetcher.data, name);
  const busy = fetcher.state !== "idle";
  const viaGhn = ghn !== null && carrier === "ghn";
  return (
    <fetcher.Form method="post" className="flex flex-col gap-3" aria-label="Tạo vận đơn">
      <input type="hidden" name="intent" value="shipment-create" />
      {ghn === null && <input type="hidden" name="carrier" value="manual" />}
      {pending && (
        <p className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          Đơn hàng chưa được xác nhận: chỉ tạo được vận đơn khi cửa hàng không bắt buộc xác nhận.
        </p>
      )}
      {ghn !== null && (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1.5 text-sm font-medium">Cách gửi hàng</legend>
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
            {carrierChoices.map((choice) => (
              <label
                key={choice.value}
                className="flex cursor-pointer gap-3 rounded-lg border border-brand-charcoal/15 p-3 has-[:checked]:border-brand-teal-strong has-[:checked]:bg-brand-teal/5 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-teal-strong"
              >
                <input
                  type="radio"
                  name="carrier"
                  value={choice.value}
                  checked={carrier === choice.value}
                  onChange={() => setCarrier(choice.value)}
                  className="mt-1 size-4 accent-brand-teal-strong"
                />
                <span className="flex flex-col">
                  <span className="text-sm font-semibold">{choice.label}</span>
                  <span className="text-xs text-brand-cool-gray">{choice.hint}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      )}
      {viaGhn && ghn ? (
        <GhnChoice ghn={ghn} id={id} error={err("service")} />
      ) : (
        // Without JavaScript both choices post these fields; for GHN the server ignores them.
        <ManualCarrierFields id={id} err={err} nameRequired={ghn === null} />
      )}
      <fieldset className="flex flex-col gap-1.5">
        <legend className="mb-1.5 text-sm font-medium">Kiện hàng</legend>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          <TextField
            id={`${id}-w`}
            name="weightGrams"
            label="Khối lượng (g)"
            inputMode="numeric"
            defaultValue={defaults.weightGrams}
            error={err("weightGrams")}
          />
          <TextField
            id={`${id}-l`}
            name="lengthCm"
            label="Dài (cm)"
            inputMode="numeric"
            defaultValue={defaults.lengthCm}
            error={err("lengthCm")}
          />
          <TextField
            id={`${id}-wd`}
            name="widthCm"
            label="Rộng (cm)"
            inputMode="numeric"
            defaultValue={defaults.widthCm}
            error={err("widthCm")}
          />
          <TextField
            id={`${id}-h`}
            name="heightCm"
            label="Cao (cm)"
            inputMode="numeric"
            defaultValue={defaults.heightCm}
            error={err("heightCm")}
          />
        </div>
      </fieldset>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <TextField
          id={`${id}-cod`}
          name="codAmount"
          label="Tiền thu hộ (COD, đ)"
          inputMode="numeric"
          defaultValue={defaults.codAmount}
          hint={`Tổng đơn: ${formatVnd(defaults.codAmount)}`}
          error={err("codAmount")}
        />
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-payer`}>Phí vận chuyển</Label>
          <Select id={`${id}-payer`} name="feePayer" defaultValue="shop">
            {(["shop", "buyer"] as const).map((v) => (
              <option key={v} value={v}>
                {feePayerLabels[v]}
              </option>
            ))}
          </Select>
        </div>
      </div>
      <TextField
        id={`${id}-reason`}
        name="codChangeReason"
        label="Lý do đổi tiền thu hộ"
        hint="Bắt buộc khi tiền thu hộ khác tổng đơn"
        error={err("codChangeReason")}
      />
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-note`}>Ghi chú cho bưu tá</Label>
        <Textarea id={`${id}-note`} name="courierNote" rows={2} maxLength={500} defaultValue={defaults.courierNote} />
      </div>
      {fetcher.data && !fetcher.data.ok && !fetcher.data.fieldErrors && (
        <p role="alert" className="text-sm text-red-700">
          {fetcher.data.error}
        </p>
      )}
      <Button type="submit" variant="teal" disabled={busy} className="self-start">
        <Truck className="size-4" aria-hidden="true" />
        {viaGhn ? (busy ? "Đang đặt GHN..." : "Đặt vận đơn GHN") : busy ? "Đang tạo..." : "Tạo vận đơn"}
      </Button>
    </fetcher.Form>
  );
}

/** A manual shipment's carrier name, code (now or later) and service, as staff type them. */
function ManualCarrierFields({
  id,
  err,
  nameRequired,
}: {
  id: string;
  err: (name: string) => string | undefined;
  nameRequired: boolean;
}) {
  return (
    <>
      <TextField
        id={`${id}-carrier`}
        name="carrierName"
        label="Hãng vận chuyển"
        list={`${id}-carriers`}
        required={nameRequired}
        autoComplete="off"
        placeholder="GHN, GHTK, Viettel Post…"
        error={err("carrierName")}
      />
      <datalist id={`${id}-carriers`}>
        {carrierNameSuggestions.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <TextField
          id={`${id}-code`}
          name="trackingCode"
          label="Mã vận đơn"
          hint="Có thể nhập sau"
          error={err("trackingCode")}
          autoComplete="off"
        />
        <TextField
          id={`${id}-service`}
          name="service"
          label="Dịch vụ"
          placeholder="Chuẩn, Nhanh…"
          error={err("service")}
        />
      </div>
    </>
  );
}

/** GHN's service (the account's default first) and its fee estimate, computed on the server. */
function GhnChoice({
  ghn,
  id,
  error,
}: {
  ghn: NonNullable<ShipmentPanelProps["ghn"]>;
  id: string;
  error: string | undefined;
}) {
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-ghn-service`}>Dịch vụ GHN</Label>
        <Select id={`${id}-ghn-service`} name="service" defaultValue={String(ghn.defaultServiceTypeId)}>
          {ghnServiceTypes.map((type) => (
            <option key={type.id} value={type.id}>
              {type.label}
            </option>
          ))}
        </Select>
        {error && <p className="text-sm text-red-700">{error}</p>}
      </div>
      <div
        className="flex flex-col justify-center rounded-lg border border-brand-charcoal/15 bg-brand-charcoal/[0.03] px-3 py-2 text-sm"
        data-testid="ghn-estimate"
      >
        {ghn.estimate === null ? (
          <p className="text-amber-900">Không lấy được phí ước tính từ GHN</p>
        ) : (
          <p className="font-semibold tabular-nums">Phí GHN ước tính: {formatVnd(ghn.estimate)}</p>
        )}
        <p className="text-xs text-brand-cool-gray">Cho kiện hàng mặc định, dịch vụ mặc định; mã vận đơn do GHN cấp.</p>
      </div>
    </div>
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
