import { clsx, type ClassValue } from "clsx";

/**
 * Joins class names. No merging of conflicting Tailwind classes at run time (tailwind-merge is
 * 8 KB gzip in every page, decision 0027): no element may carry two classes that set the same
 * property, which tests/e2e/class-conflicts.ts checks on every page the accessibility tour visits.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
