import { useEffect, useId, useRef, useState } from "react";
import { Form, Link, useLocation, useNavigate } from "react-router";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { useI18n } from "~/lib/i18n/i18n-context";
import type { CatalogFacets, FacetCount } from "../catalog-types";
import {
  availabilityLabels,
  availabilityValues,
  DEFAULT_SORT,
  filterParams,
  type CatalogFilters,
  type CatalogView,
  type PriceBounds,
} from "../catalog.schema";
import { PriceRange } from "./price-range";

export interface FilterPanelProps {
  facets: CatalogFacets;
  filters: CatalogFilters;
  bounds: PriceBounds;
  view: CatalogView;
  /** Shown in the drawer: a button that closes it. */
  onDone?: () => void;
  resultCount: number;
}

/** The URL of the listing without filters (sort and view kept). */
export function clearedSearch(filters: CatalogFilters, view: CatalogView): string {
  const params = new URLSearchParams();
  if (filters.sort !== DEFAULT_SORT) params.set(filterParams.sort, filters.sort);
  if (view === "list") params.set(filterParams.view, "list");
  const query = params.toString();
  return query ? `?${query}` : "";
}

/**
 * The listing filters as a GET form: with JavaScript every change updates the URL at once (the
 * price after a pause, on release, Enter or leaving the box); without it, Apply submits the form.
 */
export function FilterPanel({ facets, filters, bounds, view, onDone, resultCount }: FilterPanelProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const id = useId();
  const { t } = useI18n();

  const apply = (form: HTMLFormElement | null) => {
    if (!form) return;
    const params = new URLSearchParams();
    for (const [key, value] of new FormData(form)) {
      if (typeof value === "string" && value.trim() !== "") params.append(key, value.trim());
    }
    const min = Number(params.get(filterParams.min));
    const max = Number(params.get(filterParams.max));
    if (!Number.isFinite(min) || min <= bounds.min) params.delete(filterParams.min);
    if (!Number.isFinite(max) || max >= bounds.max || max <= 0) params.delete(filterParams.max);
    const search = params.toString();
    // A new history entry: Back undoes the filter.
    navigate({ pathname: location.pathname, search: search ? `?${search}` : "" }, { preventScrollReset: true });
  };

  const formId = `${id}-filters`;
  const submitFromChild = () => apply(document.getElementById(formId) as HTMLFormElement | null);
  const hasBounds = bounds.max > bounds.min;
  // An option no product would match is left out, unless ticked (so it can be unticked).
  const availabilityOptions = [
    ...availabilityValues.map((value) => ({
      name: filterParams.availability,
      value,
      label: t(availabilityLabels[value]),
      count: value === "in-stock" ? facets.availability.inStock : facets.availability.outOfStock,
      checked: filters.availability === value,
    })),
    {
      name: filterParams.filter,
      value: "bestsellers",
      label: t("catalog.filters.bestSellers"),
      count: facets.availability.bestSellers,
      checked: filters.bestsellers,
    },
  ].filter((option) => option.count > 0 || option.checked);

  return (
    <Form
      id={formId}
      method="get"
      action={location.pathname}
      onChange={(event) => {
        const target = event.target as unknown as HTMLInputElement;
        if (target.type === "checkbox") apply(event.currentTarget);
      }}
      onSubmit={(event) => {
        event.preventDefault();
        apply(event.currentTarget);
      }}
      className="flex flex-col gap-6"
      aria-label={t("catalog.filters.title")}
    >
      {filters.sort !== DEFAULT_SORT && <input type="hidden" name={filterParams.sort} value={filters.sort} />}
      {view === "list" && <input type="hidden" name={filterParams.view} value="list" />}

      <div className={cn("flex items-center justify-between gap-4", onDone && "-mt-2 justify-end")}>
        <h2 className={cn("text-sm font-bold tracking-[0.18em] uppercase", onDone && "sr-only")}>{t("catalog.filters.title")}</h2>
        <Link
          to={{ pathname: location.pathname, search: clearedSearch(filters, view) }}
          preventScrollReset
          className="inline-flex min-h-11 items-center rounded-full px-2 text-sm font-bold tracking-widest text-brand-teal-strong underline-offset-4 hover:underline"
        >
          {t("catalog.filters.clear")}
        </Link>
      </div>

      {availabilityOptions.length > 0 && (
        <FilterGroup legend={t("catalog.filters.availability")}>
          {availabilityOptions.map((option) => (
            <CheckOption key={option.value} {...option} />
          ))}
        </FilterGroup>
      )}

      {hasBounds && (
        <FilterGroup legend={t("catalog.filters.price")}>
          <PriceFilter
            key={`${filters.min}-${filters.max}-${bounds.min}-${bounds.max}`}
            bounds={bounds}
            filters={filters}
            onCommit={submitFromChild}
          />
        </FilterGroup>
      )}

      <FacetGroup legend={t("catalog.filters.colour")} name={filterParams.color} options={facets.colors} selected={filters.colors} swatches />
      <FacetGroup legend={t("catalog.filters.features")} name={filterParams.feature} options={facets.features} selected={filters.features} />
      <FacetGroup legend={t("catalog.filters.useCase")} name={filterParams.use} options={facets.useCases} selected={filters.useCases} />
      <FacetGroup legend={t("catalog.filters.materials")} name={filterParams.material} options={facets.materials} selected={filters.materials} />

      <noscript>
        <Button type="submit" className="w-full">
          {t("catalog.filters.applyFilters")}
        </Button>
      </noscript>
      {onDone && (
        <div className="sticky bottom-0 -mx-5 border-t border-brand-charcoal/10 bg-white p-4">
          <Button type="button" className="w-full" onClick={onDone}>
            {t("catalog.filters.show", { count: resultCount })}
          </Button>
        </div>
      )}
    </Form>
  );
}

function PriceFilter({ bounds, filters, onCommit }: { bounds: PriceBounds; filters: CatalogFilters; onCommit: () => void }) {
  const [value, setValue] = useState({ min: filters.min ?? bounds.min, max: filters.max ?? bounds.max });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);
  const commitSoon = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(onCommit, 800);
  };
  const commitNow = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    // Let React write the new values into the boxes before the form is read.
    requestAnimationFrame(onCommit);
  };
  return (
    <PriceRange
      bounds={bounds}
      value={value}
      onChange={(next) => {
        setValue(next);
        commitSoon();
      }}
      onCommit={commitNow}
    />
  );
}

function FilterGroup({ legend, children }: { legend: string; children: React.ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-1 border-t border-brand-charcoal/10 pt-5">
      <legend className="float-left mb-2 w-full text-sm font-bold">{legend}</legend>
      <div className="clear-both flex flex-col gap-1">{children}</div>
    </fieldset>
  );
}

/** Options a group shows before "Show more". */
const SHOWN_OPTIONS = 5;

function FacetGroup({
  legend,
  name,
  options,
  selected,
  swatches = false,
}: {
  legend: string;
  name: string;
  options: FacetCount[];
  selected: string[];
  swatches?: boolean;
}) {
  const { t } = useI18n();
  if (options.length === 0) return null;
  // The first few (the largest counts) and every ticked one; the rest behind "Show more", a
  // <details> so it opens without JavaScript.
  const shown = options.filter((option, index) => index < SHOWN_OPTIONS || selected.includes(option.value));
  const more = options.filter((option) => !shown.includes(option));
  const checkOption = (option: FacetCount) => (
    <CheckOption
      key={option.value}
      name={name}
      value={option.value}
      label={option.label}
      count={option.count}
      checked={selected.includes(option.value)}
      swatch={swatches ? option.value : undefined}
    />
  );
  return (
    <FilterGroup legend={legend}>
      {shown.map(checkOption)}
      {more.length > 0 && (
        <details className="group">
          <summary className="inline-flex min-h-10 cursor-pointer list-none items-center text-sm font-bold text-brand-teal-strong underline-offset-4 hover:underline [&::-webkit-details-marker]:hidden">
            <span className="group-open:hidden">{t("catalog.filters.showMore", { count: more.length })}</span>
            <span className="hidden group-open:inline">{t("catalog.filters.showLess")}</span>
          </summary>
          <div className="flex flex-col gap-1">{more.map(checkOption)}</div>
        </details>
      )}
    </FilterGroup>
  );
}

const swatchColors: Record<string, string> = { white: "#f7fafa", black: "#2f363e", blue: "#74a9de", pink: "#f5b3c4" };

function CheckOption({
  name,
  value,
  label,
  count,
  checked,
  swatch,
}: {
  name: string;
  value: string;
  label: string;
  count: number;
  checked: boolean;
  swatch?: string;
}) {
  const id = useId();
  // Uncontrolled, so a click shows at once; kept in step with the URL (CLEAR, back button) here.
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.checked = checked;
  }, [checked]);
  return (
    <div className="flex min-h-10 items-center gap-3">
      <input
        ref={ref}
        id={id}
        type="checkbox"
        name={name}
        value={value}
        defaultChecked={checked}
        className="size-5 shrink-0 cursor-pointer rounded accent-brand-teal-strong"
      />
      <label htmlFor={id} className="flex flex-1 cursor-pointer items-center gap-2 text-sm">
        {swatch && (
          <span
            aria-hidden="true"
            className="size-4 rounded-full border border-brand-charcoal/20"
            style={{ backgroundColor: swatchColors[swatch] ?? swatch }}
          />
        )}
        <span className="flex-1">{label}</span>
        <span className={cn("text-xs tabular-nums text-brand-cool-gray")}>({count})</span>
      </label>
    </div>
  );
}
