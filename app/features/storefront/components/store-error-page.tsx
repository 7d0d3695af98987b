import { Link, useLocation, useRouteError } from "react-router";
import { useI18n } from "~/lib/i18n/i18n-context";
import { refusalOf } from "~/lib/refusal";

/**
 * When a page or its chrome cannot load, or a form post was refused: a plain page that says why
 * and leads back. A refused checkout step keeps what it saved (with the server cart), so "try again"
 * reloads the page it came from.
 */
export function StoreErrorPage() {
  const { status, message, crossSite } = refusalOf(useRouteError());
  const location = useLocation();
  const { t, href } = useI18n();
  const title = t(
    status === 404 ? "errors.notFoundTitle" : crossSite ? "errors.refusedTitle" : "errors.serverErrorTitle",
  );
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 p-8 text-center">
      <title>{title}</title>
      <p className="text-6xl font-bold text-brand-teal-strong">{status}</p>
      <h1 className="text-2xl font-bold">{title}</h1>
      {message ? <p>{message}</p> : status !== 404 && <p>{t("errors.tryLater")}</p>}
      {crossSite ? (
        <Link
          to={location.pathname + location.search}
          reloadDocument
          className="rounded-full bg-brand-charcoal px-6 py-3 font-medium text-white"
        >
          {t("errors.reopen")}
        </Link>
      ) : (
        <Link to={href("/")} reloadDocument className="rounded-full bg-brand-charcoal px-6 py-3 font-medium text-white">
          {t("errors.returnHome")}
        </Link>
      )}
    </main>
  );
}
