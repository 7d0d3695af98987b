/** The storefront's main navigation (SPEC: HOME and SHOP left of the logo, ABOUT US and BLOG right). */
export const leftNavItems = [
  { label: "HOME", to: "/" },
  { label: "SHOP", to: "/shop" },
] as const;

export const rightNavItems = [
  { label: "ABOUT US", to: "/about" },
  { label: "BLOG", to: "/blog" },
] as const;

export const navItems = [...leftNavItems, ...rightNavItems];
