import { useId } from "react";
import { useI18n } from "~/lib/i18n/i18n-context";
import { PRICE_STEP, type PriceBounds } from "../catalog.schema";

/**
 * A dual-thumb price slider (two overlaid range inputs) with min and max number boxes that stay
 * in sync. The boxes carry the form field names (min, max); the sliders only move them.
 */
export function PriceRange({
  bounds,
  value,
  onChange,
  onCommit,
}: {
  bounds: PriceBounds;
  value: { min: number; max: number };
  onChange: (value: { min: number; max: number }) => void;
  /** Apply now (slider released, Enter, box left). */
  onCommit: () => void;
}) {
  const id = useId();
  const { t } = useI18n();
  const span = Math.max(bounds.max - bounds.min, 1);
  const left = ((value.min - bounds.min) / span) * 100;
  const right = ((value.max - bounds.min) / span) * 100;
  const setMin = (min: number) => onChange({ min: Math.min(min, value.max), max: value.max });
  const setMax = (max: number) => onChange({ min: value.min, max: Math.max(max, value.min) });
  const commitKeys = (event: React.KeyboardEvent) => {
    if (["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End", "PageUp", "PageDown"].includes(event.key)) onCommit();
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="relative h-6">
        <div className="absolute inset-x-0 top-1/2 h-1.5 -translate-y-1/2 rounded-full bg-brand-charcoal/10" />
        <div
          className="absolute top-1/2 h-1.5 -translate-y-1/2 rounded-full bg-brand-teal-strong"
          style={{ left: `${left}%`, right: `${100 - right}%` }}
        />
        <input
          type="range"
          aria-label={t("catalog.filters.minPrice")}
          min={bounds.min}
          max={bounds.max}
          step={PRICE_STEP}
          value={value.min}
          onChange={(e) => setMin(Number(e.target.value))}
          onPointerUp={onCommit}
          onKeyUp={commitKeys}
          className="uvc-range absolute inset-0 w-full"
        />
        <input
          type="range"
          aria-label={t("catalog.filters.maxPrice")}
          min={bounds.min}
          max={bounds.max}
          step={PRICE_STEP}
          value={value.max}
          onChange={(e) => setMax(Number(e.target.value))}
          onPointerUp={onCommit}
          onKeyUp={commitKeys}
          className="uvc-range absolute inset-0 w-full"
        />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <PriceBox id={`${id}-min`} label={t("catalog.filters.min")} name="min" value={value.min} bounds={bounds} onValue={(v) => onChange({ min: v, max: value.max })} onCommit={onCommit} />
        <PriceBox id={`${id}-max`} label={t("catalog.filters.max")} name="max" value={value.max} bounds={bounds} onValue={(v) => onChange({ min: value.min, max: v })} onCommit={onCommit} />
      </div>
    </div>
  );
}

function PriceBox({
  id,
  label,
  name,
  value,
  bounds,
  onValue,
  onCommit,
}: {
  id: string;
  label: string;
  name: string;
  value: number;
  bounds: PriceBounds;
  onValue: (value: number) => void;
  onCommit: () => void;
}) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-brand-cool-gray">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="number"
        inputMode="numeric"
        min={bounds.min}
        max={bounds.max}
        step={1000}
        value={Number.isFinite(value) ? value : ""}
        onChange={(e) => onValue(e.target.value === "" ? Number.NaN : Number(e.target.value))}
        onBlur={onCommit}
        onKeyDown={(e) => {
          if (e.key === "Enter") {
            e.preventDefault();
            onCommit();
          }
        }}
        className="h-11 w-full rounded-xl border border-brand-charcoal/20 bg-white px-3 text-sm tabular-nums focus-visible:border-brand-teal-strong"
      />
    </div>
  );
}
