import { useId, useState } from "react";
import { Button } from "~/components/ui/button";
import { Truck } from "~/components/ui/icons";
import { Select, Textarea } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { TextField } from "~/components/ui/text-field";
import { fieldError } from "~/components/ui/use-action-feedback";
import { formatVnd } from "~/lib/money";
import { ghnServiceTypes } from "../carrier-accounts.schema";
import { carrierNameSuggestions, feePayerLabels } from "../shipments.schema";
import { useShipmentFetcher } from "./use-shipment-fetcher";

/** The parcel's defaults the create form starts from (the order's items and the shop's settings). */
export interface ShipmentDefaults {
  weightGrams: number;
  lengthCm: number;
  widthCm: number;
  heightCm: number;
  codAmount: number;
  courierNote: string;
}

/** GHN's choice when its account is enabled and configured. */
export interface GhnShipmentChoice {
  defaultServiceTypeId: number;
  /** GHN's fee for the default parcel (đồng), or null when GHN could not say. */
  estimate: number | null;
}

const carrierChoices = [
  { value: "manual", label: "Tự gửi / nhập mã thủ công", hint: "Gửi hãng bất kỳ, nhập mã vận đơn ngay hoặc sau" },
  { value: "ghn", label: "GHN (đặt qua API)", hint: "GHN cấp mã vận đơn và cập nhật hành trình" },
] as const;

/** The form that books a parcel: by hand (any carrier, code now or later) or with GHN through its API. */
export function CreateShipmentForm({
  defaults,
  ghn,
  pending,
}: {
  defaults: ShipmentDefaults;
  ghn: GhnShipmentChoice | null;
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
function GhnChoice({ ghn, id, error }: { ghn: GhnShipmentChoice; id: string; error: string | undefined }) {
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
