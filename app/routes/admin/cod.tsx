import { z } from "zod";
import { adminAction, adminIntent } from "~/features/auth/admin-action.server";
import { requireAdmin, type AdminSession } from "~/features/auth/auth.server";
import { requirePermission } from "~/features/auth/permissions.server";
import { AdminRouteError } from "~/features/auth/components/admin-error";
import { adminMeta } from "~/features/auth/components/admin-nav";
import { resolveLineSchema } from "~/features/cod/cod.schema";
import { CodPage } from "~/features/cod/components/cod-page";
import { MAX_REMITTANCE_REQUEST_BYTES } from "~/features/cod/remittance-file.server";
import { resolveRemittanceLine, resolveRemittanceLines } from "~/features/cod/remittance-resolution.server";
import {
  getCodPage,
  importRemittance,
  recordManualPayout,
  remittanceResultOf,
  type RemittanceResult,
} from "~/features/cod/remittances.server";
import { orderEmailLinksOf } from "~/features/email/email.server";
import { AppError } from "~/server/errors.server";
import type { Route } from "./+types/cod";
import { healPayoutMatching } from "./cod-reconciliation.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  // Lines that can match now (their parcel was delivered since) are matched before any figure is shown.
  await healPayoutMatching(context.database.db, actorOf(admin), orderEmailLinksOf(context.env));
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

/**
 * After a payout is recorded: when money received proves delivery, its parcels are delivered and
 * its lines matched now, and the result tells staff (decision 0055).
 */
async function withProvedDeliveries(
  context: Route.ActionArgs["context"],
  admin: AdminSession,
  result: RemittanceResult,
): Promise<RemittanceResult> {
  const healed = await healPayoutMatching(context.database.db, actorOf(admin), orderEmailLinksOf(context.env), {
    remittanceId: result.remittanceId,
  });
  return healed.matched === 0 ? result : remittanceResultOf(context.database.db, result.remittanceId);
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
        const result = await importRemittance(
          context.database.db,
          { fileName: file.name, bytes, carrierName: carrierNameOf(form) },
          actorOf(admin),
        );
        return withProvedDeliveries(context, admin, result);
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
        const result = await recordManualPayout(context.database.db, input, actorOf(admin), key || undefined);
        return withProvedDeliveries(context, admin, result);
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
    // The selected differences, one action and one note for all; accepting needs the same right.
    "resolve-many": adminIntent({
      run: async ({ form, context, guard: admin }) => {
        const action = form.get("action");
        if (action === "accept") requirePermission(admin, "markPaid");
        const input = { action, note: form.get("note"), lineIds: form.getAll("lineIds") };
        return resolveRemittanceLines(context.database.db, input, actorOf(admin));
      },
    }),
    // "Đối soát lại": one payout's open lines, or all of them.
    reevaluate: adminIntent({
      schema: z.object({ remittanceId: z.coerce.number().int().positive().optional().catch(undefined) }),
      run: async ({ input, context, guard: admin }) =>
        healPayoutMatching(context.database.db, actorOf(admin), orderEmailLinksOf(context.env), input),
    }),
  },
});

export default function AdminCod({ loaderData }: Route.ComponentProps) {
  return <CodPage data={loaderData} canMarkPaid={loaderData.canMarkPaid} />;
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
