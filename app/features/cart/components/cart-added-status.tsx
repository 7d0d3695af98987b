import { CheckCircle2 } from "~/components/ui/icons";
import { useState } from "react";
import { cn } from "~/components/ui/cn";
import { useI18n } from "~/lib/i18n/i18n-context";
import { currentAddedSeq, useAddedNotice } from "../cart-store";

/**
 * The confirmation of an add, where the cart is in view (SPEC §8's 'Added to cart' texts): a polite
 * live region that is always there, so a screen reader reads what appears in it.
 */
export function CartAddedStatus({
  id,
  className,
  onlyNew = false,
}: {
  id?: string;
  /** Of the shown confirmation (an empty region takes no room). */
  className?: string;
  /** Only adds made while this is mounted (a page), not one that opened it (the drawer). */
  onlyNew?: boolean;
}) {
  const { t } = useI18n();
  const notice = useAddedNotice();
  const [since] = useState(() => (onlyNew ? currentAddedSeq() : 0));
  const shown = notice && notice.seq > since ? notice : null;
  return (
    <div id={id} role="status" data-testid="cart-added-status">
      {shown && (
        <p
          className={cn(
            "flex items-start gap-2.5 rounded-xl bg-brand-white px-4 py-3 text-sm text-brand-charcoal",
            className,
          )}
        >
          <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-brand-teal-strong" aria-hidden="true" />
          <span>
            <span className="block font-bold">{t("catalog.toast.added")}</span>
            {t("catalog.toast.addedText", { quantity: shown.quantity, name: shown.name })}
          </span>
        </p>
      )}
    </div>
  );
}
