import { isRouteErrorResponse, Link, useRouteError } from "react-router";

/** The error boundary of the content pages (about, blog, technology): the chrome stays, a way to the shop. */
export function ContentPageError() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <div className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center gap-4 p-8 text-center">
      <h1 className="text-2xl font-bold">{status === 404 ? "Oops! Page not found" : "Đã xảy ra lỗi"}</h1>
      <p>Vui lòng thử lại sau ít phút.</p>
      <Link to="/shop" className="rounded-full bg-brand-charcoal px-6 py-3 font-medium text-white">
        Shop all products
      </Link>
    </div>
  );
}
