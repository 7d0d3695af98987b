import { and, asc, count, eq, or } from "drizzle-orm";
import { orderSavedViews } from "~/db/schema";
import type { UserRoleName } from "~/db/schema/auth";
import { fieldErrorsOf, formValues } from "~/lib/form-fields";
import type { Db, Tx } from "~/server/db.server";
import { uniqueViolation } from "~/server/db-errors.server";
import { AppError } from "~/server/errors.server";
import type { z } from "zod";
import {
  SAVED_VIEW_NAME_TAKEN,
  SAVED_VIEW_NOT_FOUND,
  SAVED_VIEW_SHARE_FORBIDDEN,
  SAVED_VIEW_TOO_MANY,
  SAVED_VIEWS_PER_MEMBER,
  deleteViewInputSchema,
  renameViewInputSchema,
  saveViewInputSchema,
  type SavedViewTab,
} from "./saved-views.schema";

/*
 * The orders list's saved views (issue 31): each console member's own named filter sets, and the
 * ones the owner shares with everyone. A member sees, renames and deletes only their own; a shared
 * view shows to all but stays its owner's to change.
 */

/** Who saves: the member and their console role (only the owner shares). */
export interface ViewOwner {
  userId: string;
  role: UserRoleName;
}

function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(formValues(input as Record<string, unknown>));
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error);
    throw new AppError("invalid", Object.values(fieldErrors)[0] ?? "Dữ liệu không hợp lệ", fieldErrors);
  }
  return parsed.data;
}

function nameTaken(error: unknown): never {
  if (uniqueViolation(error) !== null) throw new AppError("conflict", SAVED_VIEW_NAME_TAKEN, { name: SAVED_VIEW_NAME_TAKEN });
  throw error;
}

/** The member's own views, then those others shared, each group oldest first. */
export async function listSavedViews(db: Db | Tx, userId: string): Promise<SavedViewTab[]> {
  const rows = await db
    .select({
      id: orderSavedViews.id,
      name: orderSavedViews.name,
      query: orderSavedViews.query,
      shared: orderSavedViews.shared,
      userId: orderSavedViews.userId,
    })
    .from(orderSavedViews)
    .where(or(eq(orderSavedViews.userId, userId), eq(orderSavedViews.shared, true)))
    .orderBy(asc(orderSavedViews.createdAt), asc(orderSavedViews.id));
  const tabs = rows.map(({ userId: by, ...view }) => ({ ...view, mine: by === userId }));
  return [...tabs.filter((view) => view.mine), ...tabs.filter((view) => !view.mine)];
}

/**
 * Saves the list's filters under a name (the form's name, query and shared). Refused with a
 * message, nothing saved: no name or no filter, a name the member already uses, more than
 * SAVED_VIEWS_PER_MEMBER, or sharing by anyone but the owner.
 */
export async function saveView(tx: Tx, owner: ViewOwner, input: unknown): Promise<SavedViewTab> {
  const values = parse(saveViewInputSchema, input);
  if (values.shared && owner.role !== "owner") throw new AppError("forbidden", SAVED_VIEW_SHARE_FORBIDDEN);
  const [{ n }] = await tx.select({ n: count() }).from(orderSavedViews).where(eq(orderSavedViews.userId, owner.userId));
  if (n >= SAVED_VIEWS_PER_MEMBER) throw new AppError("conflict", SAVED_VIEW_TOO_MANY);
  const [row] = await tx
    .insert(orderSavedViews)
    .values({ userId: owner.userId, ...values })
    .returning()
    .catch(nameTaken);
  return { id: row.id, name: row.name, query: row.query, shared: row.shared, mine: true };
}

/** Renames one of the member's own views (another's, or one gone: not found). */
export async function renameView(tx: Tx, owner: ViewOwner, input: unknown): Promise<void> {
  const { viewId, name } = parse(renameViewInputSchema, input);
  const rows = await tx
    .update(orderSavedViews)
    .set({ name })
    .where(and(eq(orderSavedViews.id, viewId), eq(orderSavedViews.userId, owner.userId)))
    .returning({ id: orderSavedViews.id })
    .catch(nameTaken);
  if (rows.length === 0) throw new AppError("not_found", SAVED_VIEW_NOT_FOUND);
}

/** Deletes one of the member's own views (another's, or one gone: not found). */
export async function deleteView(tx: Tx, owner: ViewOwner, input: unknown): Promise<void> {
  const { viewId } = parse(deleteViewInputSchema, input);
  const rows = await tx
    .delete(orderSavedViews)
    .where(and(eq(orderSavedViews.id, viewId), eq(orderSavedViews.userId, owner.userId)))
    .returning({ id: orderSavedViews.id });
  if (rows.length === 0) throw new AppError("not_found", SAVED_VIEW_NOT_FOUND);
}
