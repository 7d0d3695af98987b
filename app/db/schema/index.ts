/**
 * The whole database schema: every table, enum, sequence and relation, one file per domain.
 * drizzle.config.ts and the db client import this file; migrations are generated from it
 * (`npx drizzle-kit generate`).
 */
export * from "./auth";
export * from "./carts";
export * from "./catalog";
export * from "./content";
export * from "./customers";
export * from "./discounts";
export * from "./email";
export * from "./fulfilment";
export * from "./inventory";
export * from "./marketing";
export * from "./orders";
export * from "./pages";
export * from "./relations";
export * from "./reviews";
export * from "./saved-views";
export * from "./seo";
export * from "./settings";
export * from "./staff";
