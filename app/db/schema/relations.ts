import { relations } from "drizzle-orm";
import { account, session, twoFactor, user, userRoles } from "./auth";
import { categories, productImages, products, storeLocations, storeStock } from "./catalog";
import { sectionContent, sections } from "./content";
import { customers } from "./customers";
import { discountCodeUsages, discountCodes } from "./discounts";
import { emailOutbox } from "./email";
import { orderItems, orderStatusHistory, orders } from "./orders";

export const userRelations = relations(user, ({ many }) => ({
  sessions: many(session),
  accounts: many(account),
  twoFactors: many(twoFactor),
  roles: many(userRoles),
  orderStatusChanges: many(orderStatusHistory),
}));

export const sessionRelations = relations(session, ({ one }) => ({
  user: one(user, { fields: [session.userId], references: [user.id] }),
}));

export const accountRelations = relations(account, ({ one }) => ({
  user: one(user, { fields: [account.userId], references: [user.id] }),
}));

export const twoFactorRelations = relations(twoFactor, ({ one }) => ({
  user: one(user, { fields: [twoFactor.userId], references: [user.id] }),
}));

export const userRolesRelations = relations(userRoles, ({ one }) => ({
  user: one(user, { fields: [userRoles.userId], references: [user.id] }),
}));

export const categoriesRelations = relations(categories, ({ many }) => ({
  products: many(products),
}));

export const productsRelations = relations(products, ({ one, many }) => ({
  category: one(categories, { fields: [products.categoryId], references: [categories.id] }),
  images: many(productImages),
  storeStock: many(storeStock),
  orderItems: many(orderItems),
}));

export const productImagesRelations = relations(productImages, ({ one }) => ({
  product: one(products, { fields: [productImages.productId], references: [products.id] }),
}));

export const storeLocationsRelations = relations(storeLocations, ({ many }) => ({
  stock: many(storeStock),
}));

export const storeStockRelations = relations(storeStock, ({ one }) => ({
  store: one(storeLocations, { fields: [storeStock.storeId], references: [storeLocations.id] }),
  product: one(products, { fields: [storeStock.productId], references: [products.id] }),
}));

export const sectionsRelations = relations(sections, ({ many }) => ({
  content: many(sectionContent),
}));

export const sectionContentRelations = relations(sectionContent, ({ one }) => ({
  section: one(sections, { fields: [sectionContent.sectionId], references: [sections.id] }),
}));

export const customersRelations = relations(customers, ({ many }) => ({
  orders: many(orders),
  discountUsages: many(discountCodeUsages),
}));

export const ordersRelations = relations(orders, ({ one, many }) => ({
  customer: one(customers, { fields: [orders.customerId], references: [customers.id] }),
  items: many(orderItems),
  statusHistory: many(orderStatusHistory),
  discountUsage: one(discountCodeUsages),
  emails: many(emailOutbox),
}));

export const orderItemsRelations = relations(orderItems, ({ one }) => ({
  order: one(orders, { fields: [orderItems.orderId], references: [orders.id] }),
  product: one(products, { fields: [orderItems.productId], references: [products.id] }),
}));

export const orderStatusHistoryRelations = relations(orderStatusHistory, ({ one }) => ({
  order: one(orders, { fields: [orderStatusHistory.orderId], references: [orders.id] }),
  changedBy: one(user, { fields: [orderStatusHistory.changedByUserId], references: [user.id] }),
}));

export const discountCodesRelations = relations(discountCodes, ({ many }) => ({
  usages: many(discountCodeUsages),
}));

export const discountCodeUsagesRelations = relations(discountCodeUsages, ({ one }) => ({
  discountCode: one(discountCodes, { fields: [discountCodeUsages.discountCodeId], references: [discountCodes.id] }),
  order: one(orders, { fields: [discountCodeUsages.orderId], references: [orders.id] }),
  customer: one(customers, { fields: [discountCodeUsages.customerId], references: [customers.id] }),
}));

export const emailOutboxRelations = relations(emailOutbox, ({ one }) => ({
  order: one(orders, { fields: [emailOutbox.orderId], references: [orders.id] }),
}));
