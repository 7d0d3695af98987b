import { Fragment, useState } from "react";
import { Button } from "~/components/ui/button";
import { Plus } from "~/components/ui/icons";
import { Textarea } from "~/components/ui/input";
import { FormField } from "~/components/ui/label";
import { useHydrated } from "~/components/ui/use-hydrated";
import { MAX_DELIVERY_REGIONS, weekdayLabels, type DeliveryRegion, type DeliveryRules } from "~/features/settings/delivery-rules.schema";
import { SettingsForm, TextField } from "./settings-form-controls";

/** A province the regions may name (the address data's current list; the route passes it in). */
export interface ProvinceChoice {
  code: string;
  name: string;
}

/** Monday first, as a Vietnamese week is read. */
const weekOrder = [1, 2, 3, 4, 5, 6, 0] as const;

const checkboxRow =
  "flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-brand-charcoal/15 px-3 text-sm has-[:checked]:border-brand-teal-strong has-[:checked]:bg-brand-teal/10 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-teal-strong";

const blankRegion: DeliveryRegion = { name: "", nameEn: "", provinceCodes: [], minDays: 0, maxDays: 0, slots: false };

/**
 * "Thời gian giao hàng" (issue 31): the delivery rules every promise is computed from. A plain
 * form: each region is a numbered group of fields, one blank row is always there to add a region,
 * "Xóa vùng này" drops one on save; with JavaScript "Thêm vùng" offers more blank rows.
 */
export function DeliveryRulesForm({ value, provinces }: { value: DeliveryRules; provinces: ProvinceChoice[] }) {
  const hydrated = useHydrated();
  const [blankRows, setBlankRows] = useState(1);
  const rows = Math.min(value.regions.length + blankRows, MAX_DELIVERY_REGIONS);
  const provinceName = new Map(provinces.map((province) => [province.code, province.name]));
  return (
    <SettingsForm
      group="delivery"
      title="Thời gian giao hàng"
      description="Số ngày làm việc giao đến từng vùng, giờ chốt đơn, ngày làm việc và ngày nghỉ. Trang sản phẩm, giỏ hàng, bước giao hàng, email đơn hàng, trang tra cứu đơn và chính sách giao hàng đều tính từ đây."
    >
      {(errors) => (
        // A save gives new values: the rows are drawn again from them (a removed region disappears).
        <Fragment key={JSON.stringify(value)}>
          <div className="flex flex-col gap-4 sm:col-span-2">
            <h3 className="font-semibold">Vùng giao hàng</h3>
            <p className="text-sm text-brand-cool-gray">
              Mỗi tỉnh, thành chỉ thuộc một vùng. Chỉ bật giao theo khung giờ 1 tiếng ở nơi cửa hàng hoặc đơn vị giao trong ngày thật sự giao
              được.
            </p>
            {Array.from({ length: rows }, (_, index) => (
              <RegionFields
                key={index}
                index={index}
                region={value.regions[index] ?? blankRegion}
                isNew={index >= value.regions.length}
                provinces={provinces}
                provinceName={provinceName}
                errors={errors}
              />
            ))}
            {errors.regions && <p className="text-sm text-red-700">{errors.regions}</p>}
            {hydrated && rows < MAX_DELIVERY_REGIONS && (
              <Button type="button" variant="outline" className="self-start" onClick={() => setBlankRows((count) => count + 1)}>
                <Plus className="size-4" aria-hidden="true" />
                Thêm vùng
              </Button>
            )}
          </div>
          <div className="border-t border-brand-charcoal/10 pt-4 sm:col-span-2">
            <h3 className="font-semibold">Các tỉnh, thành khác</h3>
          </div>
          <TextField
            name="otherMinDays"
            label="Tối thiểu (ngày làm việc)"
            defaultValue={value.otherMinDays}
            errors={errors}
            inputMode="numeric"
            required
          />
          <TextField
            name="otherMaxDays"
            label="Tối đa (ngày làm việc)"
            defaultValue={value.otherMaxDays}
            errors={errors}
            inputMode="numeric"
            required
          />
          <div className="border-t border-brand-charcoal/10 pt-4 sm:col-span-2">
            <h3 className="font-semibold">Lịch làm việc</h3>
          </div>
          <TextField
            name="cutoffTime"
            label="Giờ chốt đơn"
            type="time"
            defaultValue={value.cutoffTime}
            errors={errors}
            hint="Đơn đặt từ giờ này được bàn giao vào ngày làm việc kế tiếp (giờ Việt Nam)."
            required
          />
          <fieldset
            className="flex flex-col gap-2 sm:col-span-2"
            aria-describedby={errors.workingDays ? "setting-workingDays-error" : undefined}
          >
            <legend className="text-sm font-medium">Ngày làm việc</legend>
            <div className="flex flex-wrap gap-2">
              {weekOrder.map((day) => (
                <label key={day} className={checkboxRow}>
                  <input
                    type="checkbox"
                    name="workingDays"
                    value={day}
                    defaultChecked={value.workingDays.includes(day)}
                    className="size-4 accent-brand-teal-strong"
                  />
                  {weekdayLabels[day]}
                </label>
              ))}
            </div>
            {errors.workingDays && (
              <p id="setting-workingDays-error" className="text-sm text-red-700">
                {errors.workingDays}
              </p>
            )}
          </fieldset>
          <FormField
            id="setting-closedDates"
            label="Ngày nghỉ"
            hint="Mỗi dòng một ngày, dạng YYYY-MM-DD (ví dụ 2027-02-06): Tết, ngày lễ. Không bàn giao, không giao hàng vào những ngày này."
            error={errors.closedDates}
            className="sm:col-span-2"
          >
            {(control) => <Textarea {...control} name="closedDates" defaultValue={value.closedDates.join("\n")} rows={5} code />}
          </FormField>
        </Fragment>
      )}
    </SettingsForm>
  );
}

function RegionFields({
  index,
  region,
  isNew,
  provinces,
  provinceName,
  errors,
}: {
  index: number;
  region: DeliveryRegion;
  isNew: boolean;
  provinces: ProvinceChoice[];
  provinceName: Map<string, string>;
  errors: Record<string, string>;
}) {
  const [chosen, setChosen] = useState(region.provinceCodes);
  const field = (name: string) => `regions.${index}.${name}`;
  const provincesError = errors[field("provinceCodes")];
  const provincesErrorId = `setting-regions-${index}-provinceCodes-error`;
  const toggle = (code: string, on: boolean) =>
    setChosen((codes) => (on ? [...codes.filter((c) => c !== code), code] : codes.filter((c) => c !== code)));
  return (
    <fieldset className="grid gap-4 rounded-lg border border-brand-charcoal/10 p-4 sm:grid-cols-2" data-testid={`delivery-region-${index}`}>
      <legend className="px-1 font-bold">{isNew ? "Vùng mới (để trống nếu không thêm)" : `Vùng ${index + 1}: ${region.name}`}</legend>
      <TextField name={field("name")} label="Tên vùng" defaultValue={region.name} errors={errors} maxLength={100} />
      <TextField
        name={field("nameEn")}
        label="Tên vùng · English"
        defaultValue={region.nameEn}
        errors={errors}
        maxLength={100}
        hint="Hiện trong chính sách giao hàng tiếng Anh; để trống để dùng tên tiếng Việt."
      />
      <TextField
        name={field("minDays")}
        label="Tối thiểu (ngày làm việc)"
        defaultValue={isNew ? "" : region.minDays}
        errors={errors}
        inputMode="numeric"
      />
      <TextField
        name={field("maxDays")}
        label="Tối đa (ngày làm việc)"
        defaultValue={isNew ? "" : region.maxDays}
        errors={errors}
        inputMode="numeric"
      />
      <div className="flex flex-col gap-2 sm:col-span-2">
        <details className="rounded-lg border border-brand-charcoal/15" open={isNew || provincesError !== undefined}>
          <summary className="flex min-h-11 cursor-pointer items-center px-3 text-sm">
            <span>
              <span className="font-medium">Tỉnh, thành: </span>
              {chosen.length === 0 ? "chưa chọn" : chosen.map((code) => provinceName.get(code) ?? code).join(", ")}
            </span>
          </summary>
          <fieldset
            className="grid gap-1 p-3 sm:grid-cols-2 lg:grid-cols-3"
            aria-describedby={provincesError ? provincesErrorId : undefined}
          >
            <legend className="sr-only">Tỉnh, thành của vùng {index + 1}</legend>
            {provinces.map((province) => (
              <label key={province.code} className="flex min-h-9 cursor-pointer items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name={field("provinceCodes")}
                  value={province.code}
                  defaultChecked={region.provinceCodes.includes(province.code)}
                  onChange={(event) => toggle(province.code, event.currentTarget.checked)}
                  className="size-4 accent-brand-teal-strong"
                />
                {province.name}
              </label>
            ))}
          </fieldset>
        </details>
        {provincesError && (
          <p id={provincesErrorId} className="text-sm text-red-700">
            {provincesError}
          </p>
        )}
      </div>
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <label className={checkboxRow}>
          <input type="checkbox" name={field("slots")} defaultChecked={region.slots} className="size-4 accent-brand-teal-strong" />
          Giao theo ngày và khung giờ 1 tiếng
        </label>
        {!isNew && (
          <label className={checkboxRow}>
            <input type="checkbox" name={field("remove")} className="size-4 accent-brand-teal-strong" />
            Xóa vùng này khi lưu
          </label>
        )}
      </div>
    </fieldset>
  );
}
