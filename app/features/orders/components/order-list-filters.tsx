import { Form, Link, useSubmit } from "react-router";
import { Button } from "~/components/ui/button";
import { Input, Select } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { SearchInput } from "~/components/ui/search-input";
import {
  orderFilterSearch,
  orderStatusLabels,
  orderStatusValues,
  orderViews,
  paymentFilterLabels,
  paymentFilterValues,
  shippingMethodLabels,
  shippingMethodValues,
  type OrderListQuery,
} from "../orders.schema";
import type { SavedViewTab } from "../saved-views.schema";

/** What the list's filters offer besides the fixed lists: today's provinces and the carriers used. */
export interface OrderFilterChoices {
  provinces: ReadonlyArray<{ code: string; name: string }>;
  carriers: readonly string[];
}

const chipClass = (active: boolean) =>
  `inline-flex h-9 shrink-0 items-center gap-1 rounded-full border px-4 text-sm font-medium ${
    active
      ? "border-brand-teal-strong bg-brand-teal-strong text-white"
      : "border-brand-charcoal/15 bg-white text-brand-charcoal hover:border-brand-teal-strong"
  }`;

/**
 * The fixed saved filters (issue 18), then the member's own saved views and those the owner
 * shared (issue 31): plain links to the list with their filters; the one matching the list's
 * filters is current.
 */
export function OrderViewTabs({ query, savedViews }: { query: OrderListQuery; savedViews: readonly SavedViewTab[] }) {
  const current = orderFilterSearch(query);
  const tabs = [
    ...orderViews.map((view) => ({ key: view.label, label: view.label, search: orderFilterSearch(view.filters), saved: false, shared: false })),
    ...savedViews.map((view) => ({ key: view.id, label: view.name, search: view.query, saved: true, shared: view.shared })),
  ];
  return (
    <nav aria-label="Bộ lọc có sẵn" className="mb-4 flex gap-2 overflow-x-auto pb-1">
      {tabs.map((tab) => (
        <Link
          key={tab.key}
          to={tab.search ? `/admin/orders?${tab.search}` : "/admin/orders"}
          aria-current={tab.search === current ? "page" : undefined}
          className={chipClass(tab.search === current)}
          data-testid={tab.saved ? "saved-view-tab" : undefined}
        >
          {tab.label}
          {tab.shared && <span className="text-xs font-normal opacity-80">· chung</span>}
        </Link>
      ))}
    </nav>
  );
}

export function OrderFilterForm({ query, choices }: { query: OrderListQuery; choices: OrderFilterChoices }) {
  const submit = useSubmit();
  const hasFilter = orderFilterSearch({ ...query, archived: false }) !== "";
  // A carrier no longer in the list (typed in an old link) still shows as chosen.
  const carriers = query.carrier && !choices.carriers.includes(query.carrier) ? [...choices.carriers, query.carrier] : choices.carriers;
  return (
    <Form
      method="get"
      role="search"
      // A choice in a list applies at once, as in the other lists; dates and the search wait for "Tìm".
      onChange={(event) => {
        if (event.target instanceof HTMLSelectElement) void submit(event.currentTarget);
      }}
      className="mb-4 grid grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:items-end"
    >
      {query.archived && <input type="hidden" name="archived" value="1" />}
      <div className="col-span-2 flex flex-col gap-1.5 sm:min-w-64 sm:flex-1 sm:basis-full xl:basis-0">
        <Label htmlFor="orders-q">Tìm kiếm</Label>
        <SearchInput
          id="orders-q"
          name="q"
          defaultValue={query.q ?? ""}
          placeholder="Mã đơn (DH000123), tên, email, số điện thoại, mã vận đơn..."
        />
      </div>
      <FilterSelect
        id="orders-status"
        name="status"
        label="Trạng thái"
        value={query.status}
        allLabel="Tất cả"
        options={orderStatusValues.map((value) => ({ value, label: orderStatusLabels[value] }))}
      />
      <FilterSelect
        id="orders-payment"
        name="payment"
        label="Thanh toán"
        value={query.payment}
        allLabel="Tất cả"
        options={paymentFilterValues.map((value) => ({ value, label: paymentFilterLabels[value] }))}
      />
      <FilterSelect
        id="orders-delivery"
        name="delivery"
        label="Giao hàng"
        value={query.delivery}
        allLabel="Tất cả"
        options={shippingMethodValues.map((value) => ({ value, label: shippingMethodLabels[value] }))}
      />
      <FilterSelect
        id="orders-province"
        name="province"
        label="Tỉnh/Thành phố"
        value={query.province}
        allLabel="Tất cả"
        options={choices.provinces.map((province) => ({ value: province.code, label: province.name }))}
      />
      <FilterSelect
        id="orders-carrier"
        name="carrier"
        label="Đơn vị vận chuyển"
        value={query.carrier}
        allLabel="Tất cả"
        options={carriers.map((name) => ({ value: name, label: name }))}
      />
      <div className="flex flex-col gap-1.5 sm:w-40">
        <Label htmlFor="orders-from">Từ ngày</Label>
        <Input id="orders-from" name="from" type="date" defaultValue={query.from ?? ""} />
      </div>
      <div className="flex flex-col gap-1.5 sm:w-40">
        <Label htmlFor="orders-to">Đến ngày</Label>
        <Input id="orders-to" name="to" type="date" defaultValue={query.to ?? ""} />
      </div>
      <div className="col-span-2 flex items-end gap-2">
        <Button type="submit" className="grow basis-0 xl:grow-0 xl:basis-auto">
          Tìm
        </Button>
        {hasFilter && (
          <Link
            to={query.archived ? "/admin/orders?archived=1" : "/admin/orders"}
            className="inline-flex h-11 items-center px-2 text-sm font-medium whitespace-nowrap text-brand-teal-strong hover:underline"
          >
            Xóa lọc
          </Link>
        )}
      </div>
    </Form>
  );
}

function FilterSelect({
  id,
  name,
  label,
  value,
  allLabel,
  options,
}: {
  id: string;
  name: string;
  label: string;
  value: string | undefined;
  allLabel: string;
  options: ReadonlyArray<{ value: string; label: string }>;
}) {
  return (
    <div className="flex flex-col gap-1.5 sm:w-40">
      <Label htmlFor={id}>{label}</Label>
      <Select id={id} name={name} defaultValue={value ?? ""}>
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </div>
  );
}
