import { useState } from "react";
import { Button } from "~/components/ui/button";
import { specCheckoutLayout, vietnamCodPreset, type CheckoutFieldsSettings } from "~/features/settings/settings.schema";
import { SettingsForm, SwitchField } from "./settings-form-controls";

const requirementLabels = { required: "Bắt buộc", optional: "Không bắt buộc", hidden: "Ẩn" } as const;

/** The two layouts a button applies in one click: the form as it stands, plus `preset`, is saved. */
const layoutButtons = [
  {
    preset: "vietnam-cod",
    layout: vietnamCodPreset,
    name: "Mẫu Việt Nam COD",
    summary: "một ô “Họ và tên”, số điện thoại đầu tiên, email không bắt buộc, ẩn mã bưu chính.",
    action: "Áp dụng mẫu Việt Nam COD",
  },
  {
    preset: "spec",
    layout: specCheckoutLayout,
    name: "Mẫu quốc tế",
    summary: "email bắt buộc và đứng đầu, hai ô “Họ” và “Tên”, mã bưu chính bắt buộc, số điện thoại sau địa chỉ.",
    action: "Áp dụng mẫu quốc tế",
  },
] as const;

/** One choice of the checkout fields form, as a row of radio buttons under its legend. */
function ChoiceField<V extends string>({
  name,
  legend,
  options,
  value,
  onChange,
}: {
  name: keyof CheckoutFieldsSettings;
  legend: string;
  options: ReadonlyArray<{ value: V; label: string }>;
  value: V;
  onChange: (value: V) => void;
}) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="text-sm font-medium">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => (
          <label
            key={option.value}
            className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-brand-charcoal/15 px-3 text-sm has-[:checked]:border-brand-teal-strong has-[:checked]:bg-brand-teal/10 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-teal-strong"
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="size-4 accent-brand-teal-strong"
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Which fields the checkout's information step asks for (issue 15 part 5); the server validates the same. */
export function CheckoutFieldsForm({ value }: { value: CheckoutFieldsSettings }) {
  const [fields, setFields] = useState(value);
  const set = (partial: Partial<CheckoutFieldsSettings>) => setFields((current) => ({ ...current, ...partial }));
  const requirementOptions = (["required", "optional", "hidden"] as const).map((v) => ({
    value: v,
    label: requirementLabels[v],
  }));
  // A line the checkout may ask or leave out, never require (city, company).
  const optionalOrHiddenOptions = (["optional", "hidden"] as const).map((v) => ({
    value: v,
    label: requirementLabels[v],
  }));
  return (
    <SettingsForm
      group="checkout"
      title="Thông tin khách điền khi đặt hàng"
      description="Chọn các trường ở bước thông tin của trang đặt hàng. Cửa hàng mới dùng mẫu Việt Nam COD, hợp với khách đặt hàng trên điện thoại; mẫu quốc tế hỏi như các cửa hàng nước ngoài."
    >
      {() => (
        <>
          <div className="grid gap-3 sm:col-span-2 sm:grid-cols-2">
            {layoutButtons.map((button) => (
              <div
                key={button.preset}
                className="flex flex-col gap-3 rounded-lg border border-brand-teal-strong/30 bg-brand-teal/5 p-4"
              >
                <p className="text-sm">
                  <strong>{button.name}:</strong> {button.summary}
                </p>
                <Button
                  type="submit"
                  name="preset"
                  value={button.preset}
                  variant="outline"
                  className="mt-auto self-start"
                  onClick={() => set(button.layout)}
                >
                  {button.action}
                </Button>
              </div>
            ))}
          </div>
          <ChoiceField
            name="nameFields"
            legend="Tên khách hàng"
            options={[
              { value: "split", label: "Tên và họ (hai ô)" },
              { value: "full", label: "Họ và tên (một ô)" },
            ]}
            value={fields.nameFields}
            onChange={(nameFields) => set({ nameFields })}
          />
          <ChoiceField
            name="email"
            legend="Email"
            options={requirementOptions}
            value={fields.email}
            onChange={(email) => set({ email })}
          />
          <ChoiceField
            name="postalCode"
            legend="Mã bưu chính"
            options={requirementOptions}
            value={fields.postalCode}
            onChange={(postalCode) => set({ postalCode })}
          />
          <ChoiceField
            name="city"
            legend="Thành phố"
            options={optionalOrHiddenOptions}
            value={fields.city}
            onChange={(city) => set({ city })}
          />
          <ChoiceField
            name="company"
            legend="Công ty"
            options={optionalOrHiddenOptions}
            value={fields.company}
            onChange={(company) => set({ company })}
          />
          <SwitchField
            key={String(fields.phoneFirst)}
            name="phoneFirst"
            label="Số điện thoại đầu tiên"
            description="Ô số điện thoại đứng đầu bước thông tin: nhân viên giao hàng gọi số này khi giao và thu tiền."
            defaultChecked={fields.phoneFirst}
          />
          {fields.email !== "required" && (
            <p className="text-sm text-brand-cool-gray sm:col-span-2">
              Đơn không có email sẽ không nhận được email xác nhận; cửa hàng liên hệ khách qua số điện thoại.
            </p>
          )}
        </>
      )}
    </SettingsForm>
  );
}
