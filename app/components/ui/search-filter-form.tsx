import type { ReactNode } from "react";
import { Form, useSubmit } from "react-router";
import { Button } from "./button";
import { Select } from "./input";
import { Label } from "./label";
import { SearchInput } from "./search-input";

/** One select of a filter bar: applies on change. */
export interface ListFilterSelect {
  name: string;
  label: string;
  value: string | undefined;
  /** The first option, which filters nothing ("Tất cả trạng thái"). */
  allLabel: string;
  options: readonly { value: string; label: string }[];
}

/**
 * A console list's filter bar (GET): a search box, one or more selects that apply on change (a
 * status, a carrier) and "Tìm". `children` carries hidden inputs the list keeps (e.g. the archived tab). The
 * caller keys it by the query so the fields follow the back button.
 */
export function SearchFilterForm({
  id,
  q,
  placeholder,
  filter,
  children,
}: {
  /** The prefix of the fields' ids (`${id}-q`, `${id}-${filter.name}`). */
  id: string;
  q: string | undefined;
  placeholder: string;
  filter: ListFilterSelect | readonly ListFilterSelect[];
  children?: ReactNode;
}) {
  const submit = useSubmit();
  const selects: readonly ListFilterSelect[] = Array.isArray(filter) ? filter : [filter as ListFilterSelect];
  return (
    <Form method="get" role="search" className="mb-4 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
      {children}
      <div className="flex flex-1 flex-col gap-1.5 sm:min-w-64">
        <Label htmlFor={`${id}-q`}>Tìm kiếm</Label>
        <SearchInput id={`${id}-q`} name="q" defaultValue={q ?? ""} placeholder={placeholder} />
      </div>
      {selects.map((select) => (
        <div key={select.name} className="flex flex-col gap-1.5 sm:w-52">
          <Label htmlFor={`${id}-${select.name}`}>{select.label}</Label>
          <Select
            id={`${id}-${select.name}`}
            name={select.name}
            defaultValue={select.value ?? ""}
            onChange={(event) => void submit(event.currentTarget.form)}
          >
            <option value="">{select.allLabel}</option>
            {select.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Select>
        </div>
      ))}
      <Button type="submit">Tìm</Button>
    </Form>
  );
}

/** A console list's search-only bar (GET): the box, its label for screen readers only, and "Tìm". Keyed by the caller. */
export function SearchForm({
  id,
  q,
  label,
  placeholder,
}: {
  id: string;
  q: string | undefined;
  label: string;
  placeholder: string;
}) {
  return (
    <Form method="get" role="search" className="mb-4 flex gap-2">
      <Label htmlFor={id} className="sr-only">
        {label}
      </Label>
      <SearchInput id={id} name="q" defaultValue={q ?? ""} placeholder={placeholder} className="flex-1" />
      <Button type="submit">Tìm</Button>
    </Form>
  );
}
