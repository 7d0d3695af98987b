import { orderEmailLinksOf } from "~/features/email/email.server";
import { adminAction, adminIntent } from "~/features/auth/admin-action.server";
import { requireAdmin } from "~/features/auth/auth.server";
import { AdminRouteError } from "~/features/auth/components/admin-error";
import { adminMeta } from "~/features/auth/components/admin-nav";
import { ShipmentsPage } from "~/features/shipping/components/shipments-page";
import { shipmentListQuerySchema } from "~/features/shipping/shipments.schema";
import { MAX_IMPORT_BYTES, importTrackingCodes, listShipments } from "~/features/shipping/shipments.server";
import { listProvinces } from "~/features/address/address.server";
import { listShipmentCarrierNames } from "~/features/orders/orders-list.server";
import { isUuid } from "~/lib/search-pattern";
import { AppError } from "~/server/errors.server";
import { redirect } from "react-router";
import type { Route } from "./+types/shipments";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const url = new URL(request.url);
  // "In nhãn đã chọn": the ticked shipments' labels on one sheet (works without JavaScript).
  const print = url.searchParams.get("print");
  if (print === "a4" || print === "a6") {
    const ids = url.searchParams.getAll("ids").filter(isUuid).slice(0, 100);
    if (ids.length > 0) throw redirect(`/admin/shipments/${ids[0]}/label?size=${print}&ids=${ids.join(",")}`);
  }
  const query = shipmentListQuerySchema.parse(Object.fromEntries(url.searchParams));
  const db = context.database.db;
  const [list, carriers] = await Promise.all([listShipments(db, query), listShipmentCarrierNames(db)]);
  return { list, query, carriers, provinces: listProvinces("current") };
}

const FILE_TOO_BIG = "Tệp quá lớn (tối đa 1 MB)";
const NOTHING_GIVEN = "Vui lòng chọn tệp CSV hoặc dán các dòng mã vận đơn";

export const action = adminAction({
  maxBytes: { bytes: MAX_IMPORT_BYTES + 64 * 1024, message: FILE_TOO_BIG, field: "file" },
  intents: {
    import: adminIntent({
      run: async ({ form, context, guard: admin }) => {
        // A chosen file, or rows pasted into the text box.
        const file = form.get("file");
        const pasted = String(form.get("csvText") ?? "");
        const hasFile = file instanceof File && file.size > 0;
        if (!hasFile && pasted.trim() === "") throw new AppError("invalid", NOTHING_GIVEN, { file: NOTHING_GIVEN });
        const text = hasFile ? new TextDecoder("utf-8").decode(await file.arrayBuffer()) : pasted;
        const defaultCarrierName = String(form.get("defaultCarrierName") ?? "").trim() || undefined;
        return importTrackingCodes(
          context.database.db,
          text,
          { userId: admin.user.id, name: admin.user.email },
          orderEmailLinksOf(context.env),
          { defaultCarrierName },
        );
      },
    }),
  },
});

export const meta: Route.MetaFunction = () => adminMeta("Vận chuyển");

export default function AdminShipments({ loaderData }: Route.ComponentProps) {
  return <ShipmentsPage {...loaderData} />;
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
