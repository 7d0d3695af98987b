import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  layout("routes/store/layout.tsx", [index("routes/store/home.tsx")]),
  // Admin console: login and logout outside the guarded layout; every page below it calls requireAdmin.
  route("admin/login", "routes/admin/login.tsx"),
  route("admin/logout", "routes/admin/logout.tsx"),
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/index.tsx"),
    route("orders", "routes/admin/orders.tsx"),
    route("customers", "routes/admin/customers.tsx"),
    route("categories", "routes/admin/categories.tsx"),
    route("products", "routes/admin/products.tsx"),
    route("products/new", "routes/admin/product-new.tsx"),
    route("products/:id", "routes/admin/product-edit.tsx"),
    route("discounts", "routes/admin/discounts.tsx"),
    route("sections", "routes/admin/sections.tsx"),
    route("reports", "routes/admin/reports.tsx"),
    route("settings", "routes/admin/settings.tsx"),
    route("seo", "routes/admin/seo.tsx"),
    route("theme", "routes/admin/theme.tsx"),
    route("emails", "routes/admin/emails.tsx"),
    route("security", "routes/admin/security.tsx"),
  ]),
  // Uploaded files (product images), served from the storage adapter.
  route("uploads/*", "routes/uploads.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
