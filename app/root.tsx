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
import { Toaster } from "sonner";
import { buildThemeCss } from "~/features/theme/theme-css";
import { getTheme } from "~/features/theme/theme.server";
import { I18nProvider, useI18n } from "~/lib/i18n/i18n-context";
import { localeOfPath } from "~/lib/i18n/locale";
import { refusalOf } from "~/lib/refusal";
import { messagesFor } from "~/server/i18n.server";
import type { Route } from "./+types/root";
import "./app.css";

/**
 * The saved theme palette as CSS variables (see app.css; the built-in palette if it cannot be
 * read) and the storefront texts in the path's language (decision 0021).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = localeOfPath(new URL(request.url).pathname);
  const i18n = { locale, messages: messagesFor(locale) };
  try {
    return { themeCss: buildThemeCss(await getTheme(context.database.db)), i18n };
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

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  // The path decides the language even when the root loader failed (a last-resort error page).
  const { pathname } = useLocation();
  const locale = root?.i18n.locale ?? localeOfPath(pathname);
  const themeCss = root?.themeCss;
  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
        {/* Only validated hex colours converted to hsl() reach this text (theme-css.ts). */}
        {themeCss && <style id="theme-palette">{themeCss}</style>}
      </head>
      <body>
        <I18nProvider locale={locale} messages={root?.i18n.messages ?? null}>
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
