import type { JSX } from "react";
import { cn } from "~/components/ui/cn";
import { Select } from "~/components/ui/input";
import { useI18n } from "~/lib/i18n/i18n-context";
import type { AddressOption, AddressValue } from "../address-value";

export interface AddressSelectsProps {
  value: AddressValue;
  /** The lists rendered by the server: every province, and the chosen province's districts (legacy) and wards. */
  choices: { provinces: AddressOption[]; districts: AddressOption[]; wards: AddressOption[] };
  /** The intent of the "Choose" button: the form's action saves what was typed and shows the lists of the new choice. */
  chooseIntent: string;
  errors?: { province?: string; district?: string; ward?: string };
  className?: string;
}

/**
 * Province → (district →) ward as native selects, for a page without JavaScript (before it loads,
 * or never): the server renders each list, and "Chọn"/"Choose" posts the form so the server shows
 * the chosen province's (or district's) list. They post the same fields as AddressFields:
 * `structure` (the "former address" checkbox), `provinceCode`, `districtCode`, `wardCode`.
 */
export function AddressSelects({ value, choices, chooseIntent, errors, className }: AddressSelectsProps): JSX.Element {
  const { t } = useI18n();
  const legacy = value.structure === "legacy";
  const chooseButton = (
    <button
      type="submit"
      name="intent"
      value={chooseIntent}
      formNoValidate
      className="inline-flex min-h-11 shrink-0 items-center justify-center rounded-lg border border-brand-charcoal/25 px-4 text-sm font-medium hover:border-brand-charcoal"
    >
      {t("checkout.address.choose")}
    </button>
  );
  const select = (
    field: "province" | "district" | "ward",
    name: string,
    label: string,
    options: AddressOption[],
    selected: string,
    withButton: boolean,
  ) => {
    const id = `address-${field}`;
    const error = errors?.[field];
    return (
      <div className="flex flex-col gap-1.5" data-field={field}>
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        <div className="flex gap-2">
          <Select
            id={id}
            name={name}
            defaultValue={selected}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            disabled={options.length === 0}
            className="min-w-0 flex-1"
          >
            <option value="">{t("checkout.address.choosePlaceholder")}</option>
            {options.map((option) => (
              <option key={option.code} value={option.code}>
                {option.name}
              </option>
            ))}
          </Select>
          {withButton && chooseButton}
        </div>
        {error && (
          <p id={`${id}-error`} className="text-sm text-red-700">
            {error}
          </p>
        )}
      </div>
    );
  };

  return (
    <div className={cn("flex flex-col gap-4", className)} data-address-structure={value.structure}>
      <label className="flex min-h-11 w-fit cursor-pointer items-center gap-3 text-sm text-brand-charcoal">
        <input
          type="checkbox"
          name="structure"
          value="legacy"
          defaultChecked={legacy}
          className="size-5 shrink-0 cursor-pointer accent-brand-teal-strong"
        />
        {t("checkout.address.legacy")}
      </label>
      <div className="grid gap-4 sm:grid-cols-2">
        {select("province", "provinceCode", t("checkout.address.province"), choices.provinces, value.provinceCode, true)}
        {legacy &&
          select("district", "districtCode", t("checkout.address.district"), choices.districts, value.districtCode, true)}
        {select("ward", "wardCode", t("checkout.address.ward"), choices.wards, value.wardCode, false)}
      </div>
      {choices.wards.length === 0 && <p className="text-sm text-brand-cool-gray">{t("checkout.address.chooseHint")}</p>}
    </div>
  );
}
