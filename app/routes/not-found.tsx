import { data } from "react-router";
import { useI18n } from "~/lib/i18n/i18n-context";
import { redactSecrets } from "~/server/redact-secrets.server";
import type { Route } from "./+types/not-found";
import { metaTranslator } from "~/features/storefront/store-meta";

export function loader({ request, context }: Route.LoaderArgs) {
  context.logger.warn({ path: redactSecrets(new URL(request.url).pathname) }, "page not found");
  return data(null, { status: 404 });
}

/** Not indexed: a crawler must never keep a missing path (SPEC §2: the 404 page). */
export const meta: Route.MetaFunction = (args) => [
  { title: metaTranslator(args)("errors.notFoundTitle") },
  { name: "robots", content: "noindex, follow" },
];

export default function NotFound() {
  const { t, href } = useI18n();
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 p-8 text-center">
      <p className="text-6xl font-bold text-brand-teal-strong">404</p>
      <h1 className="text-2xl font-bold">{t("errors.notFoundTitle")}</h1>
      <p className="text-brand-cool-gray">{t("errors.notFoundText")}</p>
      <div className="flex flex-col gap-3 sm:flex-row">
        <a href={href("/")} className="rounded-full bg-brand-charcoal px-6 py-3 font-medium text-white">
          {t("errors.returnHome")}
        </a>
        <a href={href("/shop")} className="rounded-full border-2 border-brand-charcoal px-6 py-3 font-medium">
          {t("errors.shopAll")}
        </a>
      </div>
    </main>
  );
}
