import { useId, useRef, useState, type KeyboardEvent } from "react";

export interface ProductTab {
  value: string;
  label: string;
  text: string | null;
}

const triggerClass =
  "min-h-12 shrink-0 border-b-2 focus-visible:-outline-offset-2 border-transparent px-3 text-xs font-bold tracking-[0.12em] whitespace-nowrap text-brand-cool-gray hover:text-brand-charcoal data-[state=active]:border-brand-charcoal data-[state=active]:text-brand-charcoal sm:px-4 sm:text-sm sm:tracking-[0.14em]";

/**
 * The product page's information tabs: the WAI-ARIA tabs pattern by hand (arrow keys, Home and
 * End move and select; one tab in the tab order), the console's Radix tabs (~9 KB gzip with their
 * roving-focus and collection packages) being too heavy for a storefront page. Looks as the
 * Radix "underline" tabs did (components/ui/tabs.tsx).
 */
export function ProductTabs({ tabs, label, pendingText }: { tabs: ProductTab[]; label: string; pendingText: string }) {
  const [selected, setSelected] = useState(tabs[0]?.value);
  const baseId = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const select = (index: number) => {
    const tab = tabs[(index + tabs.length) % tabs.length];
    if (!tab) return;
    setSelected(tab.value);
    const button = buttons.current[tabs.indexOf(tab)];
    button?.focus();
    button?.scrollIntoView({ block: "nearest", inline: "nearest" });
  };
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const target = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(target);
  };
  return (
    <div>
      {/* One row that scrolls sideways on a phone (no 2 × 2 grid of tabs); the chosen tab scrolls into view. */}
      <div
        role="tablist"
        aria-label={label}
        // The list's line is an inset shadow, which the chosen tab's underline covers: a scroller
        // clips a tab that overhangs its border, as the underline used to.
        className="flex gap-1 overflow-x-auto shadow-[inset_0_-1px_0_rgb(34_47_56/0.1)] [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
      >
        {tabs.map((tab, index) => {
          const active = tab.value === selected;
          return (
            <button
              key={tab.value}
              ref={(button) => {
                buttons.current[index] = button;
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${tab.value}`}
              aria-selected={active}
              aria-controls={`${baseId}-panel-${tab.value}`}
              data-state={active ? "active" : "inactive"}
              tabIndex={active ? 0 : -1}
              onClick={(event) => {
                setSelected(tab.value);
                event.currentTarget.scrollIntoView({ block: "nearest", inline: "nearest" });
              }}
              onKeyDown={(event) => onKeyDown(event, index)}
              className={triggerClass}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.value}
          role="tabpanel"
          id={`${baseId}-panel-${tab.value}`}
          aria-labelledby={`${baseId}-tab-${tab.value}`}
          hidden={tab.value !== selected}
          tabIndex={0}
          className="py-6 focus-visible:outline-2 focus-visible:outline-offset-2"
        >
          <p className="max-w-3xl leading-relaxed whitespace-pre-line text-brand-charcoal/85">{tab.text || pendingText}</p>
        </div>
      ))}
    </div>
  );
}
