import { isRouteErrorResponse, Link, useRouteError } from "react-router";

/**
 * Error boundary content for admin routes: a readable message, never a stack trace. A 401/403
 * (session expired or role removed while a page was open) points to the login page.
 */
export function AdminRouteError() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const signedOut = status === 401 || status === 403;
  const title = signedOut
    ? "Phiên đăng nhập đã hết hạn"
    : status === 404
      ? "Không tìm thấy trang"
      : status === 405
        ? "Thao tác không được hỗ trợ"
        : "Đã xảy ra lỗi";
  return (
    <section role="alert" className="mx-auto flex max-w-xl flex-col items-start gap-3 py-10">
      <title>{title}</title>
      <p className="text-sm font-bold text-brand-teal-strong">{status}</p>
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-brand-cool-gray">
        {signedOut ? "Vui lòng đăng nhập lại bằng tài khoản quản trị." : "Vui lòng thử lại sau ít phút."}
      </p>
      <Link
        to={signedOut ? "/admin/login" : "/admin"}
        reloadDocument={signedOut}
        className="rounded-full bg-brand-charcoal px-6 py-3 text-sm font-medium text-white"
      >
        {signedOut ? "Đăng nhập" : "Về trang tổng quan"}
      </Link>
    </section>
  );
}
