import { Search } from "~/components/ui/icons";
import { lazy } from "react";
import { LazyDialogButton } from "~/components/ui/lazy-dialog-button";
import { useI18n } from "~/lib/i18n/i18n-context";

const loadDialog = () => import("./search-dialog");
const SearchDialog = lazy(() => loadDialog().then((module) => ({ default: module.SearchDialog })));

/**
 * The header's search icon: opens the search dialog, whose code loads on first use (or on hover).
 * Before and without JavaScript it submits its form, which opens the search page.
 */
export function SearchButton() {
  const { t, href } = useI18n();
  return (
    <form action={href("/search")} className="contents">
      <LazyDialogButton
        type="submit"
        preload={loadDialog}
        dialog={(controls) => <SearchDialog {...controls} />}
        aria-label={t("catalog.search.open")}
        className="inline-flex size-11 items-center justify-center rounded-full hover:bg-brand-charcoal/5"
      >
        <Search className="size-5" aria-hidden="true" />
      </LazyDialogButton>
    </form>
  );
}
