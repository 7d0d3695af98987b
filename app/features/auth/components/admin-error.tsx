import { Link, useLocation, useRouteError } from "react-router";
import { refusalOf } from "~/lib/refusal";

/**
 * Error boundary content for admin routes: a readable message, never a stack trace. A 401/403
 * (session expired or role removed while a page was open) points to the login page; a form
 * refused as sent from another site (CSRF check) says so and reopens the page.
 */
export function AdminRouteError() {
  const { status, message, crossSite } = refusalOf(useRouteError());
  const location = useLocation();
  if (crossSite) {
    return (
      <section role="alert" className="mx-auto flex max-w-xl flex-col items-start gap-3 py-10">
        <title>Yêu cầu bị từ chối</title>
        <p className="text-sm font-bold text-brand-teal-strong">{status}</p>
        <h1 className="text-2xl font-bold">Yêu cầu bị từ chối</h1>
        <p className="text-brand-cool-gray">{message}</p>
        <Link
          to={location.pathname + location.search}
          reloadDocument
          className="rounded-full bg-brand-charcoal px-6 py-3 text-sm font-medium text-white"
        >
          Mở lại trang này
        </Link>
      </section>
    );
  }
  if (status === 403) {
    // Signed in, but the role does not cover this page or action (console-permissions.ts).
    return (
      <section role="alert" className="mx-auto flex max-w-xl flex-col items-start gap-3 py-10">
        <title>Không có quyền truy cập</title>
        <p className="text-sm font-bold text-brand-teal-strong">403</p>
        <h1 className="text-2xl font-bold">Không có quyền truy cập</h1>
        <p className="text-brand-cool-gray">{message ?? "Bạn không có quyền truy cập trang này."}</p>
        <Link to="/admin" className="rounded-full bg-brand-charcoal px-6 py-3 text-sm font-medium text-white">
          Về trang quản trị
        </Link>
      </section>
    );
  }
  const signedOut = status === 401;
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
        {signedOut
          ? "Vui lòng đăng nhập lại bằng tài khoản quản trị."
          : status === 404
            ? "Trang hoặc mục bạn tìm không tồn tại, hoặc đã bị xóa. Hãy kiểm tra lại đường dẫn."
            : "Vui lòng thử lại sau ít phút."}
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

/** The same, as a whole page: for the routes outside the console shell (the login page, the shell's own layout). */
export function AdminStandaloneError() {
  return (
    <main className="min-h-dvh bg-[#f6f8f8] px-4">
      <AdminRouteError />
    </main>
  );
}
