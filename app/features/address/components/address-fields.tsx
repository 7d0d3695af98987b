import { useId, type JSX } from "react";
import { cn } from "~/components/ui/cn";
import { emptyAddress, type AddressOption, type AddressValue } from "../address.schema";
import { AddressCombobox } from "./address-combobox";
import { useAddressOptions } from "./use-address-options";

export interface AddressFieldsProps {
  value: AddressValue;
  onChange: (next: AddressValue) => void;
  /** Messages from the parent form (e.g. SPEC §5's 'Province is required'). */
  errors?: { province?: string; district?: string; ward?: string };
  disabled?: boolean;
  className?: string;
}

export const LEGACY_ADDRESS_LABEL = "Địa chỉ cũ (trước 01/07/2025)";

const code = (value: string) => encodeURIComponent(value);

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
  const baseId = useId();
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
        {LEGACY_ADDRESS_LABEL}
      </label>

      <div className="grid gap-4 sm:grid-cols-2">
        <AddressCombobox
          id={`${baseId}-province`}
          label="Province"
          placeholder="Search province or city"
          emptyText="No provinces available."
          options={provinces.options}
          status={provinces.status}
          onRetry={provinces.retry}
          value={{ code: value.provinceCode, name: value.provinceName }}
          onSelect={selectProvince}
          error={errors?.province}
          disabled={disabled}
        />
        {showDistrict && (
          <AddressCombobox
            id={`${baseId}-district`}
            label="District"
            placeholder="Search district"
            emptyText="No districts in this province."
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
            label="Ward"
            placeholder="Search ward or commune"
            emptyText={
              legacy
                ? `This district had no wards. Untick “${LEGACY_ADDRESS_LABEL}” and choose the current address.`
                : "No wards in this province."
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
