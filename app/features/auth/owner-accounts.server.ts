import { eq } from "drizzle-orm";
import { user as userTable, userRoles } from "~/db/schema";
import type { Auth } from "~/server/auth.server";
import type { Db } from "~/server/db.server";
import { AppError } from "~/server/errors.server";
import { adminCredentialsSchema, type AdminCredentials } from "./auth.schema";
import { consoleRoleOf } from "./auth.server";

export type CreateAdminResult =
  | { status: "created"; userId: string; email: string }
  | { status: "promoted"; userId: string; email: string }
  | { status: "already-admin"; userId: string; email: string };

/**
 * Makes an owner (the `admin:create` CLI): validates the email and the password strength,
 * then creates the user through better-auth (hashed password, credential account) and gives
 * it the owner role. An existing user is only promoted (a staff or content member becomes
 * owner): its password is left unchanged.
 * Throws AppError("invalid") with per-field messages, and writes nothing, on bad input.
 */
export async function createAdminUser(db: Db, auth: Auth, input: { email?: unknown; password?: unknown }): Promise<CreateAdminResult> {
  const parsed = adminCredentialsSchema.safeParse(input);
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) fieldErrors[issue.path.join(".") || "_"] ??= issue.message;
    const summary = Object.entries(fieldErrors)
      .map(([field, message]) => `${field} ${message}`)
      .join("; ");
    throw new AppError("invalid", summary, fieldErrors);
  }
  const { email, password }: AdminCredentials = parsed.data;

  const existing = await findUserIdByEmail(db, email);
  if (existing) {
    if ((await consoleRoleOf(db, existing)) === "owner") return { status: "already-admin", userId: existing, email };
    await db
      .insert(userRoles)
      .values({ userId: existing, role: "owner" })
      .onConflictDoUpdate({ target: userRoles.userId, set: { role: "owner" } });
    return { status: "promoted", userId: existing, email };
  }

  await auth.api.signUpEmail({ body: { email, password, name: email.split("@")[0] || "Admin" } });
  // Read the id back rather than trusting the response (better-auth answers a duplicate sign-up
  // with a synthetic user when auto sign-in is off).
  const userId = await findUserIdByEmail(db, email);
  if (!userId) throw new Error(`better-auth did not create the user ${email}`);
  await db.insert(userRoles).values({ userId, role: "owner" }).onConflictDoNothing();
  return { status: "created", userId, email };
}

async function findUserIdByEmail(db: Db, email: string): Promise<string | null> {
  const [row] = await db.select({ id: userTable.id }).from(userTable).where(eq(userTable.email, email)).limit(1);
  return row?.id ?? null;
}
