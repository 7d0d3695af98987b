import { listProvinces } from "~/features/address/address.server";
import { adminAction, adminIntent } from "~/features/auth/admin-action.server";
import { requireAdmin } from "~/features/auth/auth.server";
import { AdminRouteError } from "~/features/auth/components/admin-error";
import { adminMeta } from "~/features/auth/components/admin-nav";
import { editableGroups, settingsInputFromForm, settingsSavedMessages, type EditableGroup } from "~/features/settings/settings-form";
import { getSettings, getSettingsVersions, saveSettingsGroup } from "~/features/settings/settings.server";
import { inAuditedTransaction } from "~/server/audited-transaction.server";
import { AppError } from "~/server/errors.server";
import type { Route } from "./+types/settings";
import { GoLiveNotice } from "~/features/seed/components/go-live-notice";
import { readRowVersion } from "~/server/row-version.server";
import { SettingsPage, type EmailPreview } from "~/features/settings/components/settings-page";
import { orderLinkVariables, renderTemplate, sampleTemplateVariables } from "~/features/email/render";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const db = context.database.db;
  const settings = await getSettings(db);
  return {
    settings,
    versions: await getSettingsVersions(db),
    isDemo: !settings.launch.liveAt,
    // The provinces a delivery region may name (the address data's, today's structure).
    provinces: listProvinces("current"),
  };
}

const saveGroup = (group: EditableGroup) =>
  adminIntent({
    run: async ({ form, context, guard: admin }) => {
      const input = settingsInputFromForm(group, form);
      if (!input.ok) throw new AppError("invalid", "Dữ liệu cài đặt không hợp lệ", input.fieldErrors);
      const { version } = await inAuditedTransaction(context.database.db, admin.user.id, (tx) =>
        saveSettingsGroup(tx, group, input.value, readRowVersion(form)),
      );
      return { message: settingsSavedMessages[group], version };
    },
  });

/** Saves one settings group (the tab's form posts its `group`); the storefront's caches are dropped. */
export const action = adminAction({
  intents: Object.fromEntries(editableGroups.map((group) => [group, saveGroup(group)])) as Record<
    EditableGroup,
    ReturnType<typeof saveGroup>
  >,
  intentField: "group",
  unknownIntentMessage: "Nhóm cài đặt không hợp lệ",
});

export const meta: Route.MetaFunction = () => adminMeta("Cài đặt");

export default function AdminSettings({ loaderData }: Route.ComponentProps) {
  return (
    <>
      {loaderData.isDemo && <GoLiveNotice />}
      <SettingsPage loaderData={loaderData} previewEmail={previewOrderEmail} />
    </>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}

/** The e-mail templates' live preview: the e-mail feature's renderer on sample data (decision 0048). */
const previewOrderEmail: EmailPreview = (template, storeName) =>
  renderTemplate(template, { ...sampleTemplateVariables, store_name: storeName }, { linkVariables: orderLinkVariables });
