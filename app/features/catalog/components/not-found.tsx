import { Link } from "react-router";
import { useI18n } from "~/lib/i18n/i18n-context";

/** The not-found (or error) view of a catalogue page, with a way back to the shop. */
export function CatalogNotFound({ status, what }: { status: number; what: "collection" | "product" }) {
  const notFound = status === 404;
  const { t, href } = useI18n();
  const title = t(notFound ? "errors.notFoundTitle" : "errors.serverErrorTitle");
  return (
    <div className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center gap-4 p-8 text-center">
      <title>{title}</title>
      <meta name="robots" content="noindex" />
      <p className="text-6xl font-bold text-brand-teal-strong">{status}</p>
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-brand-cool-gray">
        {t(notFound ? (what === "product" ? "errors.productGone" : "errors.collectionGone") : "errors.tryLater")}
      </p>
      <Link to={href("/shop")} className="rounded-full bg-brand-charcoal px-6 py-3 font-medium text-white">
        {t("errors.shopAll")}
      </Link>
    </div>
  );
}
