import { useRef, useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/text-field";
import { StaleRowNotice, useReloadForms } from "~/components/ui/stale-row-notice";
import { UnsavedChangesGuard, useFormDirty } from "~/components/ui/unsaved-changes";
import type { ActionFeedbackResult } from "~/components/ui/use-action-feedback";

export const CUSTOMER_PROFILE_FETCHER = "customer-profile";

/**
 * The console's customer form: name, phone and company, with the version the page was opened
 * with (a save over a newer profile is refused, decision 0014). Folded in a <details> so the
 * page reads as before and it opens without JavaScript too.
 */
export function CustomerProfileForm({
  customer,
}: {
  customer: { firstName: string; lastName: string; phone: string | null; company: string | null; version: number };
}) {
  const fetcher = useFetcher<ActionFeedbackResult>({ key: CUSTOMER_PROFILE_FETCHER });
  const errors = fetcher.data && !fetcher.data.ok ? (fetcher.data.fieldErrors ?? {}) : {};
  const busy = fetcher.state !== "idle";
  const { generation, reload, reloading } = useReloadForms();
  // The refused answer staff reloaded over: the keyed fetcher keeps it, the notice goes.
  const [reloadedOver, setReloadedOver] = useState<unknown>(null);
  const staleMessage = fetcher.data !== reloadedOver ? errors.version : undefined;
  const formKey = `${customer.version}-${generation}`;
  const formRef = useRef<HTMLFormElement>(null);
  const dirty = useFormDirty(formRef, formKey);
  return (
    <details
      className="group mt-4 border-t border-brand-charcoal/10 pt-3"
      open={Object.keys(errors).length > 0 || undefined}
    >
      <summary className="cursor-pointer text-sm font-semibold text-brand-teal-strong hover:underline">
        Sửa hồ sơ khách hàng
      </summary>
      {/* key: a saved profile comes back with a new version; the fields start from it. */}
      <UnsavedChangesGuard dirty={dirty && !busy} />
      <fetcher.Form ref={formRef} method="post" className="mt-3 flex flex-col gap-3" key={formKey}>
        <input type="hidden" name="intent" value="profile" />
        <input type="hidden" name="version" value={customer.version} />
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            id="customer-last-name"
            name="lastName"
            label="Họ"
            defaultValue={customer.lastName}
            error={errors.lastName}
            maxLength={100}
          />
          <TextField
            id="customer-first-name"
            name="firstName"
            label="Tên"
            defaultValue={customer.firstName}
            error={errors.firstName}
            required
            maxLength={100}
          />
        </div>
        <TextField
          id="customer-phone"
          name="phone"
          label="Điện thoại"
          type="tel"
          inputMode="tel"
          defaultValue={customer.phone ?? ""}
          error={errors.phone}
        />
        <TextField
          id="customer-company"
          name="company"
          label="Công ty"
          defaultValue={customer.company ?? ""}
          error={errors.company}
          maxLength={200}
        />
        {staleMessage && (
          <StaleRowNotice
            message={staleMessage}
            onReload={() => {
              setReloadedOver(fetcher.data);
              void reload();
            }}
            reloading={reloading}
          />
        )}
        <div>
          <Button type="submit" size="sm" disabled={busy}>
            {busy ? "Đang lưu..." : "Lưu hồ sơ"}
          </Button>
        </div>
      </fetcher.Form>
    </details>
  );
}
