import "~/lib/zod-in-browser";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteError,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from "react-router";
import { useState } from "react";
import { Toaster } from "~/components/ui/toast";
import { buildThemeCss } from "~/features/theme/theme-css";
import { getStorefrontTheme } from "~/features/theme/theme.server";
import { catalogueOf, loadCatalogue } from "~/lib/i18n/catalogue-store";
import { I18nProvider, useI18n } from "~/lib/i18n/i18n-context";
import { localeOfPath } from "~/lib/i18n/locale";
import { refusalOf } from "~/lib/refusal";
import { catalogueUrlOf } from "~/server/i18n.server";
import type { Route } from "./+types/root";
import "./app.css";

/**
 * The saved theme palette as CSS variables (see app.css; the built-in palette if it cannot be
 * read), the path's language (decision 0021) and the address of its texts: the texts themselves
 * are a cached file, not part of every page's data (decision 0036).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = localeOfPath(new URL(request.url).pathname);
  const i18n = { locale, catalogueUrl: catalogueUrlOf(locale) };
  try {
    return { themeCss: buildThemeCss(await getStorefrontTheme(context.database.db)), i18n };
  } catch (error) {
    context.logger.error({ err: error }, "theme could not be loaded; using the built-in palette");
    return { themeCss: null, i18n };
  }
}

/**
 * The theme and the texts depend on neither the query nor the page: load them again after an
 * action (the theme may have been saved) and when the language changes ("/shop" → "/en/shop"
 * keeps every route's params), not on every filter click.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) =>
  (formMethod !== undefined && defaultShouldRevalidate) ||
  localeOfPath(currentUrl.pathname) !== localeOfPath(nextUrl.pathname);

/** A change of language in the browser renders only once the new language's texts are there. */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const data = await serverLoader();
  await loadCatalogue(data.i18n.locale, data.i18n.catalogueUrl);
  return data;
}

/** The admin console's pages ("/admin", "/admin/…"). */
function isConsolePath(pathname: string): boolean {
  return pathname === "/admin" || pathname.startsWith("/admin/");
}

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  // The path decides the language even when the root loader failed (a last-resort error page).
  const { pathname } = useLocation();
  const locale = root?.i18n.locale ?? localeOfPath(pathname);
  // The shop's palette is the storefront's: the console keeps its own colours (app.css), so a
  // merchant's theme never repaints the console's accent, text or surfaces (issue 18 item 9).
  const themeCss = isConsolePath(pathname) ? null : root?.themeCss;
  // The document's first language only: a language changed in the browser is fetched by the
  // clientLoader, and a new preload link would only ask for the file again.
  const [catalogueUrl] = useState(root?.i18n.catalogueUrl);
  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
        {catalogueUrl && (
          // Fetched while the scripts load; app/entry.client.tsx waits for it before hydrating.
          <link rel="preload" href={catalogueUrl} as="fetch" crossOrigin="anonymous" data-catalogue="" />
        )}
        {/* Only validated hex colours converted to hsl() reach this text (theme-css.ts). */}
        {themeCss && <style id="theme-palette">{themeCss}</style>}
      </head>
      <body>
        <I18nProvider locale={locale} messages={catalogueOf(locale)}>
          {children}
        </I18nProvider>
        <Toaster position="top-center" />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/** Last-resort boundary: a readable page, never a stack trace. Not-found pages have their own route. */
export function ErrorBoundary() {
  const error = useRouteError();
  const { t, href } = useI18n();
  // A refused request (400 malformed form, 403 cross-site…) says why; server errors stay generic.
  const { status, message: reason } = refusalOf(error);
  // 503: the database is down or restarting (server/database-outage.ts); the shop itself is fine.
  const title = t(
    status === 404 ? "errors.notFoundTitle" : status === 503 ? "errors.unavailableTitle" : "errors.serverErrorTitle",
  );
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 p-8 text-center">
      <title>{title}</title>
      <p className="text-6xl font-bold text-brand-teal-strong">{status}</p>
      <h1 className="text-2xl font-bold">{title}</h1>
      {reason ? <p>{reason}</p> : status !== 404 && <p>{t("errors.tryLater")}</p>}
      <a href={href("/")} className="rounded-full bg-brand-charcoal px-6 py-3 font-medium text-white">
        {t("errors.returnHome")}
      </a>
    </main>
  );
}
