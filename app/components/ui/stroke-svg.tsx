import type { ComponentProps, ReactNode } from "react";

export interface IconProps extends ComponentProps<"svg"> {
  /** Width and height (24 by default), as lucide's `size`. */
  size?: number | string;
}

/** An aria-* attribute, a role or a title given by the caller (lucide's rule): the icon is then not hidden. */
function isLabelled(props: IconProps): boolean {
  for (const key in props) {
    if ((key.startsWith("aria-") || key === "role" || key === "title") && props[key as keyof IconProps] != null)
      return true;
  }
  return false;
}

/**
 * lucide's outer <svg> (24 px or `size`, stroke 2, round caps and joins) around `shapes`: the
 * sprite's icons draw a <use> of their symbol, the brand icons (social-icons.tsx) their own paths.
 */
export function StrokeSvg({ size = 24, shapes, children, ...props }: IconProps & { shapes: ReactNode }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden={isLabelled(props) || children != null ? undefined : "true"}
      {...props}
    >
      {shapes}
      {children}
    </svg>
  );
}

