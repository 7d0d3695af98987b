/** The storefront's main navigation (SPEC: HOME and SHOP left of the logo, ABOUT US and BLOG right). */
export const leftNavItems = [
  { label: "nav.home", to: "/" },
  { label: "nav.shop", to: "/shop" },
] as const;

export const rightNavItems = [
  { label: "nav.about", to: "/about" },
  { label: "nav.blog", to: "/blog" },
] as const;

export const navItems = [...leftNavItems, ...rightNavItems];
