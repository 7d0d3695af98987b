import { integer, timestamp } from "drizzle-orm/pg-core";

/** A UTC timestamp column (timestamptz) read as a Date. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** created_at, set by the database on insert. */
export const createdAt = () => timestamptz("created_at").notNull().defaultNow();

/** updated_at, set on insert and refreshed by Drizzle on every update through the ORM. */
export const updatedAt = () =>
  timestamptz("updated_at")
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/**
 * A row's version for optimistic concurrency: 1 on insert, raised by one on every update by
 * `nextRowVersion` (app/server/row-version.server.ts). A console form sends back the version it
 * was opened with, and the save is refused when the row has moved on since.
 */
export const rowVersion = () => integer("version").notNull().default(1);
