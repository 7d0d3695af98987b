import { sql } from "drizzle-orm";
import { bigint, check, index, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { user, userRoleValues, type UserRoleName } from "./auth";
import { createdAt, timestamptz } from "./columns";

/**
 * An invitation to the console (issue 18, decision 0030): the owner names an e-mail and a role;
 * the link carries a random token of which only the SHA-256 is kept. Usable once, until
 * `expires_at`, unless revoked. Owned by the staff feature.
 */
export const staffInvitations = pgTable(
  "staff_invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    role: text("role").$type<UserRoleName>().notNull(),
    /** Hex SHA-256 of the token in the link. */
    tokenHash: text("token_hash").notNull().unique(),
    invitedByUserId: text("invited_by_user_id").references(() => user.id, { onDelete: "set null" }),
    expiresAt: timestamptz("expires_at").notNull(),
    acceptedAt: timestamptz("accepted_at"),
    acceptedUserId: text("accepted_user_id").references(() => user.id, { onDelete: "set null" }),
    revokedAt: timestamptz("revoked_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("staff_invitations_email_idx").on(t.email),
    check(
      "staff_invitations_role_check",
      sql`${t.role} in (${sql.raw(userRoleValues.map((r) => `'${r}'`).join(", "))})`,
    ),
  ],
);

/** Row changes (the triggers), and "export": a CSV a member downloaded (written by the auth feature). */
export const auditActionValues = ["insert", "update", "delete", "export"] as const;
export type AuditAction = (typeof auditActionValues)[number];

/**
 * Every change a console member makes (issue 18, decision 0030): written by the row triggers of
 * migration 0015 when the transaction names its actor (`app.actor`, set by `inAuditedTransaction`,
 * decision 0042). Only the changed fields are kept in before/after (the whole row for an insert or
 * a delete); secrets are masked. The actor's e-mail is copied so the line stays readable after the
 * person is removed.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    occurredAt: timestamptz("occurred_at").notNull().defaultNow(),
    actorUserId: text("actor_user_id"),
    actorEmail: text("actor_email"),
    /** The table changed (orders, products, settings…). */
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id").notNull(),
    action: text("action").$type<AuditAction>().notNull(),
    before: jsonb("before").$type<Record<string, unknown>>(),
    after: jsonb("after").$type<Record<string, unknown>>(),
  },
  (t) => [
    index("audit_log_occurred_at_idx").on(t.occurredAt),
    index("audit_log_actor_idx").on(t.actorUserId, t.occurredAt),
    index("audit_log_entity_idx").on(t.entityType, t.occurredAt),
    check("audit_log_action_check", sql`${t.action} in ('insert', 'update', 'delete', 'export')`),
  ],
);

export type StaffInvitation = typeof staffInvitations.$inferSelect;
export type AuditLogEntry = typeof auditLog.$inferSelect;
