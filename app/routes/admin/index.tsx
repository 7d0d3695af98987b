import { ArrowRight, ShieldAlert } from "lucide-react";
import { Link, useRouteLoaderData } from "react-router";
import { requireAdmin } from "~/features/auth/auth.server";
import { AdminRouteError } from "~/features/auth/components/admin-error";
import { adminMeta, adminNavItems, securityNavItem } from "~/features/auth/components/admin-nav";
import { AdminPageHeader } from "~/features/auth/components/admin-shell";
import type { Route } from "./+types/index";
import type { loader as layoutLoader } from "./layout";

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  return { email: admin.user.email, twoFactorEnabled: admin.user.twoFactorEnabled };
}

export const meta: Route.MetaFunction = () => adminMeta("Tổng quan");

const areas = [...adminNavItems.filter((item) => item.to !== "/admin"), securityNavItem];

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const layout = useRouteLoaderData<typeof layoutLoader>("routes/admin/layout");
  const storeName = layout?.storeName ?? "";
  return (
    <>
      <AdminPageHeader
        title="Tổng quan"
        description={
          <>
            <span className="font-medium text-brand-charcoal">{storeName}</span> · Đăng nhập với{" "}
            <span className="font-medium text-brand-charcoal">{loaderData.email}</span>
          </>
        }
      />

      {!loaderData.twoFactorEnabled && (
        <div className="mb-6 flex flex-col gap-3 rounded-xl border border-brand-butter-yellow bg-[#fffaf0] p-4 sm:flex-row sm:items-center">
          <ShieldAlert className="size-6 shrink-0 text-[#8a6a00]" aria-hidden="true" />
          <p className="flex-1 text-sm">
            Tài khoản này chưa bật xác thực hai lớp. Bật mã TOTP để người có mật khẩu cũng không thể đăng nhập nếu không
            có điện thoại của bạn.
          </p>
          <Link
            to="/admin/security"
            className="inline-flex h-10 items-center justify-center rounded-full bg-brand-charcoal px-5 text-sm font-medium text-white"
          >
            Bật ngay
          </Link>
        </div>
      )}

      <h2 className="mb-3 text-lg font-bold">Các khu vực quản trị</h2>
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {areas.map((item) => {
          const Icon = item.icon;
          return (
            <li key={item.to}>
              <Link
                to={item.to}
                prefetch="intent"
                className="group flex h-full items-start gap-4 rounded-xl border border-brand-charcoal/10 bg-white p-4 shadow-xs transition hover:border-brand-teal-strong/40 hover:shadow-sm"
              >
                <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-white text-brand-teal-strong">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <span className="flex min-w-0 flex-1 flex-col gap-1">
                  <span className="flex items-center gap-1 font-bold">
                    {item.label}
                    <ArrowRight
                      className="size-4 text-brand-cool-gray transition group-hover:translate-x-0.5 group-hover:text-brand-teal-strong"
                      aria-hidden="true"
                    />
                  </span>
                  <span className="text-sm text-brand-cool-gray">{item.description}</span>
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
