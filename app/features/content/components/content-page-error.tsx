import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { useI18n } from "~/lib/i18n/i18n-context";

/** The error boundary of the content pages (home, about, blog, technology): the chrome stays, a way to the shop. */
export function ContentPageError() {
  const error = useRouteError();
  const { t, href } = useI18n();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <div className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center gap-4 p-8 text-center">
      <h1 className="text-2xl font-bold">{t(status === 404 ? "errors.notFoundTitle" : "errors.serverErrorTitle")}</h1>
      <p>{t("errors.tryLater")}</p>
      <Link to={href("/shop")} className="rounded-full bg-brand-charcoal px-6 py-3 font-medium text-white">
        {t("errors.shopAll")}
      </Link>
    </div>
  );
}
