import { useState } from "react";
import { Input, Select } from "~/components/ui/input";
import { FormField, Label } from "~/components/ui/label";
import { Switch } from "~/components/ui/switch";
import { FormDialog, useDialogForm, type DialogReload } from "~/components/ui/form-dialog";
import {
  discountInputSchema,
  discountTypeLabels,
  discountTypeValues,
  toVietnamDateTimeInput,
} from "../discounts.schema";

export interface EditableDiscount {
  id: number;
  version: number;
  code: string;
  description: string | null;
  type: (typeof discountTypeValues)[number];
  value: number;
  minOrderTotal: number;
  startsAt: Date | string | null;
  endsAt: Date | string | null;
  usageLimit: number | null;
  usedCount: number;
  isActive: boolean;
  firstOrderOnly: boolean;
  oncePerCustomer: boolean;
}

/**
 * Create or edit a discount code. Uses so far are shown, never edited. An edit sends the version
 * the dialog opened with; `reload` is the page's "Tải lại".
 */
export function DiscountDialog({
  discount,
  onClose,
  reload,
}: {
  discount: EditableDiscount | null;
  onClose: () => void;
  reload: DialogReload;
}) {
  const form = useDialogForm(
    discountInputSchema,
    {
      create: { title: "Thành công", description: "Đã tạo mã giảm giá" },
      update: { title: "Thành công", description: "Đã cập nhật mã giảm giá" },
    },
    onClose,
  );
  const editing = discount !== null;
  const [type, setType] = useState<string>(discount?.type ?? "percent");
  const [isActive, setIsActive] = useState(discount?.isActive ?? true);
  const [firstOrderOnly, setFirstOrderOnly] = useState(discount?.firstOrderOnly ?? false);
  const [oncePerCustomer, setOncePerCustomer] = useState(discount?.oncePerCustomer ?? false);
  const { errors } = form;

  return (
    <FormDialog
      form={form}
      row={discount}
      title={editing ? "Sửa mã giảm giá" : "Tạo mã giảm giá"}
      description={
        editing
          ? `Đã dùng ${discount.usedCount} lần.`
          : "Mã không phân biệt chữ hoa, chữ thường và được lưu ở dạng chữ hoa."
      }
      onClose={onClose}
      reload={reload}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="discount-code" label="Mã" required error={errors.code}>
          {(f) => (
            <Input
              {...f}
              name="code"
              defaultValue={discount?.code ?? ""}
              autoComplete="off"
              spellCheck={false}
              className="uppercase"
            />
          )}
        </FormField>
        <FormField id="discount-type" label="Loại" required error={errors.type}>
          {(f) => (
            <Select {...f} name="type" value={type} onChange={(e) => setType(e.target.value)}>
              {discountTypeValues.map((t) => (
                <option key={t} value={t}>
                  {discountTypeLabels[t]}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField
          id="discount-value"
          label={type === "percent" ? "Phần trăm giảm (%)" : type === "fixed" ? "Số tiền giảm (đ)" : "Giá trị"}
          required={type !== "free_shipping"}
          error={errors.value}
          hint={type === "free_shipping" ? "Miễn phí vận chuyển không cần giá trị." : undefined}
        >
          {(f) => (
            <Input
              {...f}
              name="value"
              type="number"
              min={type === "percent" ? 1 : 0}
              max={type === "percent" ? 100 : undefined}
              step={type === "percent" ? 1 : 1000}
              inputMode="numeric"
              disabled={type === "free_shipping"}
              defaultValue={discount && discount.type !== "free_shipping" ? discount.value : ""}
            />
          )}
        </FormField>
        <FormField id="discount-min" label="Đơn tối thiểu (đ)" error={errors.minOrderTotal}>
          {(f) => (
            <Input
              {...f}
              name="minOrderTotal"
              type="number"
              min={0}
              step={1000}
              inputMode="numeric"
              defaultValue={discount?.minOrderTotal ?? 0}
            />
          )}
        </FormField>
        <FormField
          id="discount-starts"
          label="Bắt đầu"
          error={errors.startsAt}
          hint="Giờ Việt Nam; để trống: có hiệu lực ngay."
        >
          {(f) => (
            <Input
              {...f}
              name="startsAt"
              type="datetime-local"
              defaultValue={toVietnamDateTimeInput(discount?.startsAt ?? null)}
            />
          )}
        </FormField>
        <FormField id="discount-ends" label="Kết thúc" error={errors.endsAt} hint="Để trống: không hết hạn.">
          {(f) => (
            <Input
              {...f}
              name="endsAt"
              type="datetime-local"
              defaultValue={toVietnamDateTimeInput(discount?.endsAt ?? null)}
            />
          )}
        </FormField>
        <FormField
          id="discount-limit"
          label="Giới hạn lượt dùng"
          error={errors.usageLimit}
          hint="Để trống: không giới hạn."
        >
          {(f) => (
            <Input
              {...f}
              name="usageLimit"
              type="number"
              min={1}
              step={1}
              inputMode="numeric"
              defaultValue={discount?.usageLimit ?? ""}
            />
          )}
        </FormField>
        <FormField id="discount-description" label="Ghi chú" error={errors.description}>
          {(f) => <Input {...f} name="description" defaultValue={discount?.description ?? ""} />}
        </FormField>
      </div>
      <div className="flex items-center gap-3">
        <Switch id="discount-active" name="isActive" checked={isActive} onCheckedChange={setIsActive} />
        <Label htmlFor="discount-active">Đang hoạt động</Label>
      </div>
      <CustomerRuleSwitch
        id="discount-first-order"
        name="firstOrderOnly"
        label="Chỉ cho đơn hàng đầu tiên"
        hint="Từ chối khi email hoặc số điện thoại đã có đơn hàng (không tính đơn đã hủy)."
        checked={firstOrderOnly}
        onCheckedChange={setFirstOrderOnly}
      />
      <CustomerRuleSwitch
        id="discount-once-per-customer"
        name="oncePerCustomer"
        label="Mỗi khách hàng dùng một lần"
        hint="Từ chối khi email hoặc số điện thoại đã dùng mã này (không tính đơn đã hủy)."
        checked={oncePerCustomer}
        onCheckedChange={setOncePerCustomer}
      />
    </FormDialog>
  );
}

function CustomerRuleSwitch(props: {
  id: string;
  name: string;
  label: string;
  hint: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  return (
    <div className="flex items-start gap-3">
      <Switch
        id={props.id}
        name={props.name}
        checked={props.checked}
        onCheckedChange={props.onCheckedChange}
        aria-describedby={`${props.id}-hint`}
      />
      <div>
        <Label htmlFor={props.id}>{props.label}</Label>
        <p id={`${props.id}-hint`} className="text-xs text-brand-cool-gray">
          {props.hint}
        </p>
      </div>
    </div>
  );
}
