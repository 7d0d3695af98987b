import { adminAction, adminIntent } from "~/features/auth/admin-action.server";
import { requireAdmin } from "~/features/auth/auth.server";
import { AdminRouteError } from "~/features/auth/components/admin-error";
import { adminMeta } from "~/features/auth/components/admin-nav";
import {
  listSectionPages,
  listSections,
  MAX_SECTION_REQUEST_BYTES,
  reorderSections,
  saveSectionContent,
  setSectionActive,
} from "~/features/content/sections-admin.server";
import { readContentUploads, readContentValues } from "~/features/content/sections-admin.schema";
import { inAuditedTransaction } from "~/server/audited-transaction.server";
import { AppError } from "~/server/errors.server";
import { IMAGE_SIZE_MESSAGE } from "~/lib/image-variants";
import { storageFor } from "~/server/storage.server";
import type { Route } from "./+types/sections";
import { readRowVersion } from "~/server/row-version.server";
import { SectionsPage } from "~/features/content/components/sections-page";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const db = context.database.db;
  const pages = await listSectionPages(db);
  const requested = new URL(request.url).searchParams.get("page") ?? "home";
  const page = pages.includes(requested) ? requested : "home";
  return { pages, page, sections: await listSections(db, page) };
}

const INVALID_REQUEST = "Yêu cầu không hợp lệ";

function positiveInt(value: unknown): number | null {
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** toggle (active switch), reorder (ids in their new order), save (a section's content rows, with uploaded images). */
export const action = adminAction({
  intents: {
    toggle: adminIntent({
      run: async ({ input, context, guard: admin }) => {
        const id = positiveInt(input.sectionId);
        const active = input.isActive;
        if (!id || (active !== "true" && active !== "false")) throw new AppError("invalid", INVALID_REQUEST);
        await inAuditedTransaction(context.database.db, admin.user.id, (tx) =>
          setSectionActive(tx, id, active === "true"),
        );
      },
    }),
    reorder: adminIntent({
      run: async ({ input, context, guard: admin }) => {
        const page = String(input.page ?? "");
        const ids = String(input.ids ?? "")
          .split(",")
          .map((v) => positiveInt(v));
        if (!page || ids.some((id) => id === null)) throw new AppError("invalid", INVALID_REQUEST);
        await inAuditedTransaction(context.database.db, admin.user.id, (tx) =>
          reorderSections(tx, page, ids as number[]),
        );
      },
    }),
    save: adminIntent({
      run: async ({ input, form, context, guard: admin }) => {
        const id = positiveInt(input.sectionId);
        if (!id) throw new AppError("invalid", INVALID_REQUEST);
        const files = await Promise.all(
          readContentUploads(form).map(async ({ id: rowId, file }) => ({
            id: rowId,
            bytes: new Uint8Array(await file.arrayBuffer()),
          })),
        );
        // Images are encoded and stored outside the service's audited transaction.
        const { version } = await saveSectionContent(
          context.database.db,
          { id, version: readRowVersion(form) },
          readContentValues(form),
          { storage: storageFor(context.env), files },
          admin.user.id,
        );
        return { version };
      },
    }),
  },
  maxBytes: { bytes: MAX_SECTION_REQUEST_BYTES, message: IMAGE_SIZE_MESSAGE },
  unknownIntentMessage: INVALID_REQUEST,
});

export const meta: Route.MetaFunction = () => adminMeta("Sections");

export default function AdminSections({ loaderData }: Route.ComponentProps) {
  return <SectionsPage loaderData={loaderData} />;
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
