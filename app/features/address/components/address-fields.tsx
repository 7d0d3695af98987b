import { useId, type JSX } from "react";
import { cn } from "~/components/ui/cn";
import { useI18n } from "~/lib/i18n/i18n-context";
import { emptyAddress, type AddressOption, type AddressValue } from "../address-value";
import { otherProvinceNames } from "../province-aliases";
import { AddressCombobox } from "./address-combobox";
import { useAddressOptions } from "./use-address-options";

export interface AddressFieldsProps {
  value: AddressValue;
  onChange: (next: AddressValue) => void;
  /** Messages from the parent form, in the page's language (e.g. SPEC §5's 'Province is required'). */
  errors?: { province?: string; district?: string; ward?: string };
  disabled?: boolean;
  className?: string;
}

const code = (value: string) => encodeURIComponent(value);

/** The other names of each list's provinces (built once: the combobox indexes by them). */
const currentProvinceNames = otherProvinceNames("current");
const legacyProvinceNames = otherProvinceNames("legacy");

/**
 * Province → (district →) ward, as searchable comboboxes fed by the /api/address routes.
 *
 * - The checkbox 'Địa chỉ cũ (trước 01/07/2025)' switches to the former structure (province →
 *   district → ward); switching clears every choice.
 * - The district field (legacy only) appears once a province is chosen; the ward field once a
 *   province (current) or a district (legacy) is chosen (SPEC §2). Changing the province clears
 *   district and ward; changing the district clears the ward (SPEC §5).
 * - Hidden inputs `structure`, `provinceCode`, `districtCode`, `wardCode` carry the codes in a
 *   plain form POST. The names in `value` are for display only: the server re-reads the official
 *   names with resolveAddress.
 */
export function AddressFields({ value, onChange, errors, disabled, className }: AddressFieldsProps): JSX.Element {
  const { t } = useI18n();
  const baseId = useId();
  const legacyLabel = t("checkout.address.legacy");
  const legacy = value.structure === "legacy";

  const provinces = useAddressOptions(`/api/address/${value.structure}/provinces`);
  const districts = useAddressOptions(
    legacy && value.provinceCode ? `/api/address/legacy/provinces/${code(value.provinceCode)}/districts` : null,
  );
  const wardsUrl = legacy
    ? value.districtCode
      ? `/api/address/legacy/districts/${code(value.districtCode)}/wards`
      : null
    : value.provinceCode
      ? `/api/address/current/provinces/${code(value.provinceCode)}/wards`
      : null;
  const wards = useAddressOptions(wardsUrl);

  const showDistrict = legacy && value.provinceCode !== "";
  const showWard = legacy ? value.districtCode !== "" : value.provinceCode !== "";

  const selectProvince = (option: AddressOption) =>
    onChange({
      ...emptyAddress,
      structure: value.structure,
      provinceCode: option.code,
      provinceName: option.name,
    });
  const selectDistrict = (option: AddressOption) =>
    onChange({ ...value, districtCode: option.code, districtName: option.name, wardCode: "", wardName: "" });
  const selectWard = (option: AddressOption) => onChange({ ...value, wardCode: option.code, wardName: option.name });

  return (
    <div className={cn("flex flex-col gap-4", className)} data-address-structure={value.structure}>
      <input type="hidden" name="structure" value={value.structure} />
      <input type="hidden" name="provinceCode" value={value.provinceCode} />
      <input type="hidden" name="districtCode" value={legacy ? value.districtCode : ""} />
      <input type="hidden" name="wardCode" value={value.wardCode} />

      <label className="flex min-h-11 w-fit cursor-pointer items-center gap-3 text-sm text-brand-charcoal has-[:disabled]:cursor-not-allowed">
        <input
          type="checkbox"
          checked={legacy}
          disabled={disabled}
          onChange={(event) => onChange({ ...emptyAddress, structure: event.target.checked ? "legacy" : "current" })}
          className="size-5 shrink-0 cursor-pointer accent-brand-teal-strong disabled:cursor-not-allowed"
        />
        {legacyLabel}
      </label>

      <div className="grid gap-4 sm:grid-cols-2">
        <AddressCombobox
          id={`${baseId}-province`}
          label={t("checkout.address.province")}
          placeholder={t("checkout.address.provinceSearch")}
          emptyText={t("checkout.address.noProvinces")}
          options={provinces.options}
          status={provinces.status}
          onRetry={provinces.retry}
          value={{ code: value.provinceCode, name: value.provinceName }}
          onSelect={selectProvince}
          otherNames={value.structure === "legacy" ? legacyProvinceNames : currentProvinceNames}
          error={errors?.province}
          disabled={disabled}
        />
        {showDistrict && (
          <AddressCombobox
            id={`${baseId}-district`}
            label={t("checkout.address.district")}
            placeholder={t("checkout.address.districtSearch")}
            emptyText={t("checkout.address.noDistricts")}
            options={districts.options}
            status={districts.status}
            onRetry={districts.retry}
            value={{ code: value.districtCode, name: value.districtName }}
            onSelect={selectDistrict}
            error={errors?.district}
            disabled={disabled}
          />
        )}
        {showWard && (
          <AddressCombobox
            id={`${baseId}-ward`}
            label={t("checkout.address.ward")}
            placeholder={t("checkout.address.wardSearch")}
            emptyText={
              legacy ? t("checkout.address.noLegacyWards", { legacy: legacyLabel }) : t("checkout.address.noWards")
            }
            options={wards.options}
            status={wards.status}
            onRetry={wards.retry}
            value={{ code: value.wardCode, name: value.wardName }}
            onSelect={selectWard}
            error={errors?.ward}
            disabled={disabled}
          />
        )}
      </div>
    </div>
  );
}
