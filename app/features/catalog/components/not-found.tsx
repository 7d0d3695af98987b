import { Link } from "react-router";

/** The not-found (or error) view of a catalogue page, with a way back to the shop. */
export function CatalogNotFound({ status, what }: { status: number; what: "collection" | "product" }) {
  const notFound = status === 404;
  return (
    <div className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center gap-4 p-8 text-center">
      <title>{notFound ? "Oops! Page not found" : "Đã xảy ra lỗi"}</title>
      <meta name="robots" content="noindex" />
      <p className="text-6xl font-bold text-brand-teal-strong">{status}</p>
      <h1 className="text-2xl font-bold">{notFound ? "Oops! Page not found" : "Đã xảy ra lỗi"}</h1>
      <p className="text-brand-cool-gray">
        {notFound
          ? `This ${what} does not exist or is no longer available.`
          : "Vui lòng thử lại sau ít phút."}
      </p>
      <Link to="/shop" className="rounded-full bg-brand-charcoal px-6 py-3 font-medium text-white">
        Shop all products
      </Link>
    </div>
  );
}
