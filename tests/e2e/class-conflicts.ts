import { expect, type Page } from "@playwright/test";
import { twMerge } from "tailwind-merge";

/**
 * Fails when an element of the page carries two Tailwind classes that set the same property
 * (`px-4 px-2`, `bg-primary bg-muted`): which one wins would depend on the stylesheet's order,
 * not on the markup. `cn()` joins classes without merging them (decision 0027), so a component's
 * caller cannot override a class the component sets; this finds it where it happens.
 */
export async function expectNoConflictingClasses(page: Page) {
  const classLists = await page.evaluate(() => [
    ...new Set([...document.querySelectorAll("[class]")].map((element) => element.getAttribute("class") ?? "")),
  ]);
  const conflicts = classLists.flatMap((list) => {
    const kept = new Set(twMerge(list).split(" "));
    const dropped = list.split(/\s+/).filter((name) => name && !kept.has(name));
    return dropped.length > 0 ? [`"${list}" sets again what ${dropped.join(" ")} sets`] : [];
  });
  expect.soft(conflicts, "conflicting Tailwind classes (the tour goes on to find them all)").toEqual([]);
}
