import { createElement, createRef, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { Slot } from "./slot";

type Props = Record<string, (...args: unknown[]) => unknown> & { className?: string; ref?: (node: unknown) => void };

/** The element Slot renders (its props are what the child receives). */
const slotted = (slotProps: Record<string, unknown>, child: ReactElement) =>
  Slot({ ...slotProps, children: child }) as ReactElement<Props>;

describe("Slot", () => {
  it("renders the child with the slot's classes joined before its own and the child's props winning", () => {
    const html = renderToStaticMarkup(
      createElement(Slot, {
        className: "inline-flex h-11",
        title: "slot",
        "aria-label": "Mua",
        children: createElement("a", { href: "/cart", className: "w-full", title: "child" }),
      } as never),
    );
    expect(html).toBe('<a href="/cart" class="inline-flex h-11 w-full" title="child" aria-label="Mua"></a>');
  });

  it("runs both click handlers, the child's first, and not the slot's when the child handled the default", () => {
    const calls: string[] = [];
    const element = slotted(
      { onClick: () => calls.push("slot") },
      createElement("a", {
        onClick: (event: { defaultPrevented: boolean }) => calls.push(`child ${event.defaultPrevented}`),
      }),
    );
    element.props.onClick({ defaultPrevented: false });
    expect(calls).toEqual(["child false", "slot"]);
    element.props.onClick({ defaultPrevented: true });
    expect(calls).toEqual(["child false", "slot", "child true"]);
  });

  it("sets both refs", () => {
    const slotRef = createRef<HTMLElement>();
    const childRef = vi.fn();
    const element = slotted({ ref: slotRef }, createElement("a", { ref: childRef }));
    const node = { tagName: "A" };
    element.props.ref!(node);
    expect(slotRef.current).toBe(node);
    expect(childRef).toHaveBeenCalledWith(node);
  });

  it("renders nothing without a single element child", () => {
    expect(Slot({ children: "text" })).toBeNull();
  });
});
