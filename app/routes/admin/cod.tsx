import { z } from "zod";
import { adminAction, adminIntent } from "~/features/auth/admin-action.server";
import { requireAdmin, type AdminSession } from "~/features/auth/auth.server";
import { requirePermission } from "~/features/auth/permissions.server";
import { AdminRouteError } from "~/features/auth/components/admin-error";
import { adminMeta } from "~/features/auth/components/admin-nav";
import { resolveLineSchema } from "~/features/cod/cod.schema";
import { CodPage } from "~/features/cod/components/cod-page";
import { MAX_REMITTANCE_REQUEST_BYTES } from "~/features/cod/remittance-file.server";
import {
  getCodPage,
  importRemittance,
  recordManualPayout,
  resolveRemittanceLine,
} from "~/features/cod/remittances.server";
import { AppError } from "~/server/errors.server";
import type { Route } from "./+types/cod";

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  return { ...(await getCodPage(context.database.db)), canMarkPaid: admin.permissions.has("markPaid") };
}

export const meta: Route.MetaFunction = () => adminMeta("Đối soát COD");

/** Who imported or resolved, for the orders' history. */
const actorOf = (admin: AdminSession) => ({ userId: admin.user.id, name: admin.user.email });

/** The carrier chosen in the form: one of the list, or the name typed under "Khác". */
function carrierNameOf(form: FormData): string {
  const chosen = String(form.get("carrierName") ?? "");
  return chosen === "other" ? String(form.get("carrierOther") ?? "") : chosen;
}

const FILE_TOO_LARGE = "Tệp quá lớn: tối đa 5 MB. Hãy chia tệp thành nhiều phần.";

export const action = adminAction({
  maxBytes: { bytes: MAX_REMITTANCE_REQUEST_BYTES, message: FILE_TOO_LARGE, field: "file" },
  intents: {
    import: adminIntent({
      run: async ({ form, context, guard: admin }) => {
        const file = form.get("file");
        if (!(file instanceof File) || (file.size === 0 && file.name === "")) {
          const message = "Vui lòng chọn tệp đối soát (CSV hoặc Excel .xlsx)";
          throw new AppError("invalid", message, { file: message });
        }
        const bytes = new Uint8Array(await file.arrayBuffer());
        return importRemittance(
          context.database.db,
          { fileName: file.name, bytes, carrierName: carrierNameOf(form) },
          actorOf(admin),
        );
      },
    }),
    // Rows of code, amount and fee; fully empty rows (left over in the form) are skipped. Typed by
    // hand, with no carrier's file behind it: it marks orders paid on the member's word (decision 0046).
    manual: adminIntent({
      run: async ({ form, context, guard: admin }) => {
        requirePermission(admin, "markPaid");
        const [codes, amounts, fees] = ["trackingCode", "codAmount", "fee"].map((name) =>
          form.getAll(name).map((v) => String(v).trim()),
        );
        const lines = codes
          .map((trackingCode, i) => ({ trackingCode, codAmount: amounts[i] ?? "", fee: fees[i] || "0" }))
          .filter((l) => l.trackingCode !== "" || l.codAmount !== "");
        const input = { carrierName: carrierNameOf(form), remittedOn: String(form.get("remittedOn") ?? ""), lines };
        const key = String(form.get("submissionKey") ?? "").slice(0, 100);
        return recordManualPayout(context.database.db, input, actorOf(admin), key || undefined);
      },
    }),
    resolve: adminIntent({
      schema: resolveLineSchema.extend({
        lineId: z.coerce.number({ error: "Dòng không hợp lệ" }).int().positive("Dòng không hợp lệ"),
      }),
      run: async ({ input, context, guard: admin }) => {
        // Accepting a different amount marks the order paid all the same: a hand's decision.
        if (input.action === "accept") requirePermission(admin, "markPaid");
        const { lineId, ...resolution } = input;
        return { lineId, ...(await resolveRemittanceLine(context.database.db, lineId, resolution, actorOf(admin))) };
      },
    }),
  },
});

export default function AdminCod({ loaderData }: Route.ComponentProps) {
  return <CodPage data={loaderData} canMarkPaid={loaderData.canMarkPaid} />;
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
