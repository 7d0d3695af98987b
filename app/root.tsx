import "~/lib/zod-in-browser";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import { Toaster } from "sonner";
import { buildThemeCss } from "~/features/theme/theme-css";
import { getTheme } from "~/features/theme/theme.server";
import { refusalOf } from "~/lib/refusal";
import type { Route } from "./+types/root";
import "./app.css";

/** The saved theme palette as CSS variables (see app.css); the built-in palette if it cannot be read. */
export async function loader({ context }: Route.LoaderArgs) {
  try {
    return { themeCss: buildThemeCss(await getTheme(context.database.db)) };
  } catch (error) {
    context.logger.error({ err: error }, "theme could not be loaded; using the built-in palette");
    return { themeCss: null };
  }
}

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export function Layout({ children }: { children: React.ReactNode }) {
  const themeCss = useRouteLoaderData<typeof loader>("root")?.themeCss;
  return (
    <html lang="vi">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
        {/* Only validated hex colours converted to hsl() reach this text (theme-css.ts). */}
        {themeCss && <style id="theme-palette">{themeCss}</style>}
      </head>
      <body>
        {children}
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
  // A refused request (400 malformed form, 403 cross-site…) says why; server errors stay generic.
  const { status, message: reason } = refusalOf(error);
  // 503: the database is down or restarting (server/database-outage.ts); the shop itself is fine.
  const title =
    status === 404 ? "Oops! Page not found" : status === 503 ? "Cửa hàng tạm thời không phục vụ được" : "Đã xảy ra lỗi";
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 p-8 text-center">
      <title>{title}</title>
      <p className="text-6xl font-bold text-brand-teal-strong">{status}</p>
      <h1 className="text-2xl font-bold">{title}</h1>
      {reason ? <p>{reason}</p> : status !== 404 && <p>Vui lòng thử lại sau ít phút.</p>}
      <a href="/" className="rounded-full bg-brand-charcoal px-6 py-3 font-medium text-white">
        Return to Home
      </a>
    </main>
  );
}
