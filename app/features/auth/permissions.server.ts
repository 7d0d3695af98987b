import type { UserRoleName } from "~/db/schema/auth";
import {
  permissionRoles,
  staffPermissionValues,
  type StaffPermission,
  type StaffPermissionsSettings,
} from "~/features/settings/settings.schema";
import { getSetting, getSettingsVersions, saveSettingsGroup } from "~/features/settings/settings.server";
import type { Db, Tx } from "~/server/db.server";
import { AppError } from "~/server/errors.server";
import { PERMISSION_DENIED_MESSAGES, type GrantedPermissions } from "./console-permissions";

/*
 * What the owner lets each role do beyond its pages (issue 30, decision 0046), stored in the
 * settings group staff_permissions. Paths that need one are checked by requireAdmin
 * (console-permissions.ts); an intent or a part of a page that needs one checks it here.
 */

const everything: GrantedPermissions = new Set(staffPermissionValues);

/** The permissions of a role now: the owner all of them, the others what the owner granted. */
export async function grantedPermissions(db: Db | Tx, role: UserRoleName): Promise<GrantedPermissions> {
  if (role === "owner") return everything;
  const granted = (await getSetting(db, "staff_permissions"))[role];
  return new Set(staffPermissionValues.filter((permission) => granted[permission]));
}

/** Refuses (403, the permission's message) a member who lacks `permission`. */
export function requirePermission(admin: { permissions: GrantedPermissions }, permission: StaffPermission): void {
  if (!admin.permissions.has(permission)) throw new AppError("forbidden", PERMISSION_DENIED_MESSAGES[permission]);
}

/** What the staff page's table shows: each other role's permissions, and the group's version. */
export async function getRolePermissions(db: Db | Tx): Promise<{ granted: StaffPermissionsSettings; version: number }> {
  const [granted, versions] = await Promise.all([getSetting(db, "staff_permissions"), getSettingsVersions(db)]);
  return { granted, version: versions.staff_permissions };
}

/**
 * The owner's table of checkboxes (`staff.viewRevenue`, `content.markPaid`… "on" when ticked) saved
 * over the version it was opened with; the owner's own row is not in it (always everything).
 */
export async function saveRolePermissions(db: Db | Tx, form: FormData, version: number): Promise<{ version: number }> {
  const value = Object.fromEntries(
    permissionRoles.map((role) => [
      role,
      Object.fromEntries(staffPermissionValues.map((permission) => [permission, form.get(`${role}.${permission}`) === "on"])),
    ]),
  );
  return { version: (await saveSettingsGroup(db, "staff_permissions", value, version)).version };
}
