import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  layout("routes/store/layout.tsx", [
    index("routes/store/home.tsx"),
    route("cart", "routes/store/cart.tsx"),
    route("checkout/information", "routes/store/checkout-information.tsx"),
    route("checkout/shipping", "routes/store/checkout-shipping.tsx"),
    route("checkout/payment", "routes/store/checkout-payment.tsx"),
    route("order-confirmation", "routes/store/order-confirmation.tsx"),
  ]),
  // Admin console: login and logout outside the guarded layout; every page below it calls requireAdmin.
  route("admin/login", "routes/admin/login.tsx"),
  route("admin/logout", "routes/admin/logout.tsx"),
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/index.tsx"),
    route("orders", "routes/admin/orders.tsx"),
    route("customers", "routes/admin/customers.tsx"),
    route("categories", "routes/admin/categories.tsx"),
    route("products", "routes/admin/products.tsx"),
    route("sections", "routes/admin/sections.tsx"),
    route("reports", "routes/admin/reports.tsx"),
    route("settings", "routes/admin/settings.tsx"),
    route("seo", "routes/admin/seo.tsx"),
    route("theme", "routes/admin/theme.tsx"),
    route("security", "routes/admin/security.tsx"),
  ]),
  // Vietnamese address lists (JSON resource routes, cached a day): see app/features/address.
  route("api/address/:structure/provinces", "routes/api/address-provinces.ts"),
  route("api/address/:structure/provinces/:provinceCode/wards", "routes/api/address-province-wards.ts"),
  route("api/address/legacy/provinces/:provinceCode/districts", "routes/api/address-districts.ts"),
  route("api/address/legacy/districts/:districtCode/wards", "routes/api/address-district-wards.ts"),
  route("api/address/*", "routes/api/address-not-found.ts"),
  route("api/cart/quote", "routes/api/cart-quote.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
