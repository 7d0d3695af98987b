import { useState } from "react";
import { FormDialog, useDialogForm, type DialogReload } from "~/components/ui/form-dialog";
import { Input } from "~/components/ui/input";
import { FormField, Label } from "~/components/ui/label";
import { Switch } from "~/components/ui/switch";
import type { AdminStoreLocation } from "../store-locations.server";
import { storeLocationInputSchema } from "../store-locations.schema";

/** 'Thêm cửa hàng' / 'Sửa cửa hàng': a shop's details, hours and map link (issue 19, item 6). */
export function StoreDialog({
  store,
  onClose,
  reload,
}: {
  store: AdminStoreLocation | null;
  onClose: () => void;
  reload: DialogReload;
}) {
  const form = useDialogForm(
    storeLocationInputSchema,
    {
      create: { title: "Thành công", description: "Đã thêm cửa hàng" },
      update: { title: "Thành công", description: "Đã cập nhật cửa hàng" },
    },
    onClose,
  );
  const [isActive, setIsActive] = useState(store?.isActive ?? true);
  const { errors } = form;
  return (
    <FormDialog
      form={form}
      row={store}
      title={store ? "Sửa cửa hàng" : "Thêm cửa hàng"}
      description="Các trường có dấu * là bắt buộc. Giờ mở cửa áp dụng cho mọi ngày trong tuần."
      onClose={onClose}
      reload={reload}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="store-name" label="Tên cửa hàng" required error={errors.name}>
          {(field) => <Input {...field} name="name" defaultValue={store?.name ?? ""} autoComplete="off" />}
        </FormField>
        <FormField id="store-city" label="Tỉnh/thành phố" required error={errors.city}>
          {(field) => <Input {...field} name="city" defaultValue={store?.city ?? ""} autoComplete="off" />}
        </FormField>
      </div>
      <FormField id="store-address" label="Địa chỉ" required error={errors.address}>
        {(field) => <Input {...field} name="address" defaultValue={store?.address ?? ""} autoComplete="off" />}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField id="store-phone" label="Điện thoại" error={errors.phone}>
          {(field) => <Input {...field} name="phone" type="tel" defaultValue={store?.phone ?? ""} autoComplete="off" />}
        </FormField>
        <FormField id="store-opens" label="Mở cửa" required error={errors.opensAt}>
          {(field) => <Input {...field} name="opensAt" type="time" defaultValue={store?.opensAt ?? "08:00"} />}
        </FormField>
        <FormField id="store-closes" label="Đóng cửa" required error={errors.closesAt}>
          {(field) => <Input {...field} name="closesAt" type="time" defaultValue={store?.closesAt ?? "21:00"} />}
        </FormField>
      </div>
      <FormField
        id="store-map"
        label="Liên kết bản đồ"
        error={errors.mapUrl}
        hint="Ví dụ trang của cửa hàng trên Google Maps (https://…)."
      >
        {(field) => (
          <Input {...field} name="mapUrl" inputMode="url" defaultValue={store?.mapUrl ?? ""} spellCheck={false} />
        )}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2 sm:items-end">
        <FormField id="store-order" label="Thứ tự hiển thị" error={errors.displayOrder}>
          {(field) => (
            <Input {...field} name="displayOrder" type="number" step={1} defaultValue={store?.displayOrder ?? 0} />
          )}
        </FormField>
        <div className="flex h-11 items-center gap-3">
          <Switch id="store-active" name="isActive" checked={isActive} onCheckedChange={setIsActive} />
          <Label htmlFor="store-active">Hiển thị trên cửa hàng</Label>
        </div>
      </div>
    </FormDialog>
  );
}
