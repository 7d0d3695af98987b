import { useState, type ReactNode } from "react";
import { cn } from "~/components/ui/cn";
import { Input, Select } from "~/components/ui/input";
import { FormField, Label } from "~/components/ui/label";
import { Switch } from "~/components/ui/switch";
import { colorLabels } from "~/features/catalog/search-text";
import { productColors } from "../admin-products.schema";

// The parts the product form and the variant form share.

export function Card({
  title,
  description,
  className,
  children,
}: {
  title: string;
  description?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <fieldset className={cn("min-w-0 rounded-xl border border-brand-charcoal/10 bg-white p-4 sm:p-5", className)}>
      <legend className="sr-only">{title}</legend>
      <h2 className="text-base font-bold" aria-hidden="true">
        {title}
      </h2>
      {description && <p className="mt-0.5 text-sm text-brand-cool-gray">{description}</p>}
      <div className="mt-4 flex flex-col gap-4">{children}</div>
    </fieldset>
  );
}

export function SwitchRow({
  id,
  name,
  label,
  hint,
  defaultChecked,
}: {
  id: string;
  name: string;
  label: string;
  hint?: string;
  defaultChecked: boolean;
}) {
  const [checked, setChecked] = useState(defaultChecked);
  return (
    <div className="flex items-start justify-between gap-4">
      <div>
        <Label htmlFor={id}>{label}</Label>
        {hint && <p className="text-xs text-brand-cool-gray">{hint}</p>}
      </div>
      <Switch id={id} name={name} checked={checked} onCheckedChange={setChecked} />
    </div>
  );
}

/** The colour and its swatch's hex, for a product or a variant. */
export function ColorFields({
  idPrefix,
  color,
  colorHex,
  errors,
}: {
  idPrefix: "product" | "variant";
  color: string | null;
  colorHex: string | null;
  errors: Partial<Record<string, string>>;
}) {
  return (
    <div className="grid grid-cols-2 gap-3">
      <FormField id={`${idPrefix}-color`} label="Màu" error={errors.color}>
        {(f) => (
          <Select {...f} name="color" defaultValue={color ?? ""}>
            <option value="">Không</option>
            {productColors.map((c) => (
              <option key={c} value={c}>
                {colorLabels[c]}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <FormField id={`${idPrefix}-color-hex`} label="Mã màu" error={errors.colorHex}>
        {(f) => <Input {...f} name="colorHex" defaultValue={colorHex ?? ""} placeholder="#FFFFFF" spellCheck={false} />}
      </FormField>
    </div>
  );
}
