import { useState } from "react";
import { Textarea } from "~/components/ui/input";
import { FormField } from "~/components/ui/label";
import { confirmationMessageVariables, fillConfirmationMessage } from "~/features/settings/confirmation-message";
import type { FulfilmentSettings } from "~/features/settings/settings.schema";
import { formatVnd } from "~/lib/money";
import { SettingsForm, SwitchField, TextField } from "./settings-form-controls";

const revenueBasisOptions = [
  {
    value: "delivered",
    label: "Chỉ đơn đã giao hoặc đã thanh toán",
    explanation:
      "Doanh thu chỉ tính tiền đã thực sự về: đơn đã giao tới người mua, hoặc đã được thanh toán. Đơn đang giao, đơn bị từ chối và hoàn hàng không được tính.",
  },
  {
    value: "placed",
    label: "Mọi đơn chưa hủy, chưa hoàn",
    explanation:
      "Doanh thu tính mọi đơn đã đặt, trừ đơn đã hủy và đơn đã hoàn hàng: thấy số liệu sớm hơn, nhưng có thể cao hơn tiền thực nhận khi người mua từ chối nhận hàng.",
  },
] as const;

const Section = ({ title, children }: { title: string; children?: React.ReactNode }) => (
  <div className="border-t border-brand-charcoal/10 pt-4 sm:col-span-2">
    <h3 className="font-semibold">{title}</h3>
    {children}
  </div>
);

/**
 * "Vận hành COD" (issue 16): the whole fulfilment group in one form (one group, version-guarded
 * like the other tabs): the confirmation call, buyer-risk thresholds, parcel defaults and the
 * revenue basis the dashboard and reports count by.
 */
export function FulfilmentForm({ value, storeName }: { value: FulfilmentSettings; storeName: string }) {
  const [message, setMessage] = useState(value.confirmationMessage);
  const [basis, setBasis] = useState(value.revenueBasis);
  const preview = fillConfirmationMessage(message, {
    name: "Nguyễn Thị Lan",
    order: "DH000123",
    total: formatVnd(450_000),
    store: storeName,
  });
  return (
    <SettingsForm
      group="fulfilment"
      title="Vận hành COD"
      description="Xác nhận đơn với người mua, cảnh báo rủi ro, kích thước kiện hàng mặc định và cách tính doanh thu."
    >
      {(errors) => (
        <>
          <SwitchField
            name="requireConfirmation"
            label="Bắt buộc xác nhận đơn trước khi giao"
            description="Khi bật, đơn mới phải được gọi xác nhận với người mua (“Đã xác nhận”) mới tạo được vận đơn. Khi tắt, đơn “Chờ xác nhận” cũng giao được, trừ đơn của số điện thoại bị chặn."
            defaultChecked={value.requireConfirmation}
          />
          <TextField
            name="retryAfterMinutes"
            label="Gọi lại sau (phút)"
            defaultValue={value.retryAfterMinutes}
            errors={errors}
            inputMode="numeric"
            hint="Khi người mua không nghe máy, đơn được hẹn gọi lại sau chừng này phút (nhân viên có thể chọn giờ khác)."
            required
          />
          <TextField
            name="maxConfirmationAttempts"
            label="Số lần gọi tối đa"
            defaultValue={value.maxConfirmationAttempts}
            errors={errors}
            inputMode="numeric"
            hint="Sau chừng này lần không nghe máy, đơn được đánh dấu “Nên hủy” trong danh sách Cần xác nhận."
            required
          />
          <FormField
            id="setting-confirmationMessage"
            label="Tin nhắn xác nhận soạn sẵn"
            required
            error={errors.confirmationMessage}
            className="sm:col-span-2"
            hint={
              <>
                Biến có thể dùng:{" "}
                {confirmationMessageVariables.map((v, i) => (
                  <span key={v.name}>
                    {i > 0 && ", "}
                    <code className="rounded bg-brand-charcoal/5 px-1">{v.name}</code> {v.description}
                  </span>
                ))}
                .
              </>
            }
          >
            {(control) => (
              <Textarea
                {...control}
                name="confirmationMessage"
                rows={4}
                maxLength={1000}
                value={message}
                onChange={(e) => setMessage(e.currentTarget.value)}
              />
            )}
          </FormField>
          <div className="rounded-lg bg-brand-charcoal/5 px-3 py-2 text-sm sm:col-span-2" aria-live="polite">
            <span className="text-xs font-semibold text-brand-cool-gray uppercase">Xem trước</span>
            <p className="mt-1 break-words whitespace-pre-line">{preview}</p>
          </div>

          <Section title="Cảnh báo rủi ro người mua" />
          <TextField
            name="riskOpenOrders"
            label="Số đơn đang mở để cảnh báo"
            defaultValue={value.riskOpenOrders}
            errors={errors}
            inputMode="numeric"
            hint="Số đơn chưa hoàn tất (chờ xác nhận, đã xác nhận, đang giao) của một số điện thoại, kể cả đơn đang xem."
            required
          />
          <TextField
            name="riskValueMultiple"
            label="Cảnh báo khi đơn gấp (lần giá trị đơn trung bình)"
            defaultValue={value.riskValueMultiple}
            errors={errors}
            inputMode="numeric"
            hint="So với giá trị đơn trung bình của cửa hàng (mọi đơn chưa hủy)."
            required
          />

          <Section title="Kiện hàng mặc định">
            <p className="mt-1 text-xs text-brand-cool-gray">Dùng khi sản phẩm chưa có cân nặng, kích thước.</p>
          </Section>
          <TextField
            name="defaultWeightGrams"
            label="Cân nặng (g)"
            defaultValue={value.defaultWeightGrams}
            errors={errors}
            inputMode="numeric"
            required
          />
          <TextField
            name="defaultLengthCm"
            label="Dài (cm)"
            defaultValue={value.defaultLengthCm}
            errors={errors}
            inputMode="numeric"
            required
          />
          <TextField
            name="defaultWidthCm"
            label="Rộng (cm)"
            defaultValue={value.defaultWidthCm}
            errors={errors}
            inputMode="numeric"
            required
          />
          <TextField
            name="defaultHeightCm"
            label="Cao (cm)"
            defaultValue={value.defaultHeightCm}
            errors={errors}
            inputMode="numeric"
            required
          />
          <TextField
            name="defaultCourierNote"
            label="Ghi chú mặc định cho shipper"
            defaultValue={value.defaultCourierNote ?? ""}
            errors={errors}
            maxLength={500}
            hint="In trên nhãn vận đơn, ví dụ “Cho xem hàng, không thử”."
            className="sm:col-span-2"
          />

          <fieldset className="flex flex-col gap-2 border-t border-brand-charcoal/10 pt-4 sm:col-span-2">
            <legend className="float-left mb-2 font-semibold">Cách tính doanh thu</legend>
            <p className="clear-both text-xs text-brand-cool-gray">
              Tổng quan và báo cáo tính doanh thu theo lựa chọn này.
            </p>
            {revenueBasisOptions.map((option) => (
              <label
                key={option.value}
                className="flex cursor-pointer items-start gap-3 rounded-lg border border-brand-charcoal/15 p-3 text-sm has-[:checked]:border-brand-teal-strong has-[:checked]:bg-brand-teal/10 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-teal-strong"
              >
                <input
                  type="radio"
                  name="revenueBasis"
                  value={option.value}
                  checked={basis === option.value}
                  onChange={() => setBasis(option.value)}
                  className="mt-0.5 size-4 shrink-0 accent-brand-teal-strong"
                  aria-describedby={`revenue-basis-${option.value}`}
                />
                <span className="flex flex-col gap-0.5">
                  <span className="font-medium">{option.label}</span>
                  <span id={`revenue-basis-${option.value}`} className="text-brand-cool-gray">
                    {option.explanation}
                  </span>
                </span>
              </label>
            ))}
            {errors.revenueBasis && <p className="text-sm text-red-700">{errors.revenueBasis}</p>}
          </fieldset>

          <Section title="Đối soát COD" />
          <SwitchField
            name="payoutProvesDelivery"
            label="Tiền thu hộ về là đơn đã giao"
            description="Khi bật, một dòng chuyển tiền của hãng đúng bằng tiền thu hộ của vận đơn chưa giao xong (chờ lấy hàng, đang giao, giao thất bại) đánh dấu vận đơn và đơn hàng “Đã giao” và đơn hàng đã thanh toán, như Sapo. Khi tắt, dòng đó chờ tới khi vận đơn được giao rồi tự khớp."
            defaultChecked={value.payoutProvesDelivery}
          />
        </>
      )}
    </SettingsForm>
  );
}
