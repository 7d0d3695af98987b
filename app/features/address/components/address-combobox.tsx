import { Check, ChevronDown, LoaderCircle, RotateCw } from "~/components/ui/icons";
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { cn } from "~/components/ui/cn";
import { useI18n } from "~/lib/i18n/i18n-context";
import type { AddressOption } from "../address-value";
import { exactOption, filterOptions, indexOptions, type IndexedOption } from "../address-search";
import type { OtherProvinceName } from "../province-aliases";
import type { AddressOptionsStatus } from "./use-address-options";

/**
 * A searchable select for one administrative level, following the WAI-ARIA combobox pattern
 * (editable combobox, list autocomplete, manual selection): a text input with role=combobox
 * controlling a listbox. Typing filters accent-insensitively ("da nang" finds "Đà Nẵng");
 * ↓ or ↑ opens the list and moves through it (PageUp/PageDown jump ten), Enter chooses,
 * Escape closes (a second Escape restores the chosen name), Tab leaves. The list is also
 * reachable by tapping the input or the chevron.
 */

interface AddressComboboxProps {
  id: string;
  label: string;
  options: AddressOption[];
  status: AddressOptionsStatus;
  onRetry: () => void;
  /** The chosen option ({ code: "", name: "" } when none). */
  value: AddressOption;
  onSelect: (option: AddressOption) => void;
  error?: string;
  disabled?: boolean;
  placeholder: string;
  /** Shown instead of an empty list when the loaded list has no entries. */
  emptyText: string;
  /** Other names each option is found by (provinces: "hcm", "Bình Dương"); stable between renders. */
  otherNames?: (code: string) => OtherProvinceName[];
}

export function AddressCombobox({
  id,
  label,
  options,
  status,
  onRetry,
  value,
  onSelect,
  error,
  disabled,
  placeholder,
  emptyText,
  otherNames,
}: AddressComboboxProps) {
  const { t } = useI18n();
  const inputRef = useRef<HTMLInputElement>(null);
  /** What the shopper is typing; null while the input simply shows the chosen name. */
  const [query, setQuery] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  const indexed = useMemo<IndexedOption[]>(() => indexOptions(options, otherNames), [options, otherNames]);
  const filtered = useMemo(() => filterOptions(indexed, query ?? ""), [indexed, query]);

  const listId = `${id}-listbox`;
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  const statusId = `${id}-status`;
  const optionId = (code: string) => `${id}-option-${code}`;
  const ready = status === "ready";
  /** Nothing to choose from: disabled, loading, failed, or an empty list (explained below the field). */
  const inactive = disabled || !ready || options.length === 0;
  const expanded = open && !inactive;
  const activeOption = expanded && active >= 0 ? filtered[active] : undefined;
  const activeId = activeOption ? optionId(activeOption.code) : undefined;

  // Keep the highlighted option visible while moving with the keyboard.
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: "nearest" });
  }, [activeId]);

  function openList(highlight: "selected" | "last") {
    const list = filterOptions(indexed, query ?? "");
    const selected = list.findIndex((o) => o.code === value.code);
    setActive(
      highlight === "last"
        ? list.length - 1
        : highlight === "selected" && selected >= 0
          ? selected
          : list.length
            ? 0
            : -1,
    );
    setOpen(true);
  }

  function close() {
    setOpen(false);
    setActive(-1);
  }

  function choose(option: AddressOption) {
    close();
    setQuery(null);
    if (option.code !== value.code) onSelect(option);
  }

  function move(delta: number) {
    if (!filtered.length) return;
    setActive((current) =>
      Math.min(filtered.length - 1, Math.max(0, current < 0 ? (delta > 0 ? 0 : filtered.length - 1) : current + delta)),
    );
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (inactive) return;
    switch (event.key) {
      case "ArrowDown":
        event.preventDefault();
        if (!expanded) openList("selected");
        else if (!event.altKey) move(1);
        break;
      case "ArrowUp":
        event.preventDefault();
        if (!expanded) openList("last");
        else if (event.altKey) close();
        else move(-1);
        break;
      case "PageDown":
        if (expanded) {
          event.preventDefault();
          move(10);
        }
        break;
      case "PageUp":
        if (expanded) {
          event.preventDefault();
          move(-10);
        }
        break;
      case "Enter":
        // Choosing an option must not submit the surrounding form.
        if (expanded && activeOption) {
          event.preventDefault();
          choose(activeOption);
        } else if (expanded) {
          event.preventDefault();
        }
        break;
      case "Escape":
        if (expanded) {
          event.preventDefault();
          close();
        } else if (query !== null) {
          event.preventDefault();
          setQuery(null);
        }
        break;
    }
  }

  /** Leaving the field: an exact name typed in full counts as a choice; anything else is dropped. */
  function onBlur() {
    if (query !== null) {
      const exact = exactOption(indexed, query);
      if (exact) choose(exact);
      else setQuery(null);
    }
    close();
  }

  const describedBy = [error ? errorId : null, status === "error" || (ready && !options.length) ? statusId : null]
    .filter(Boolean)
    .join(" ");

  return (
    <div className="flex flex-col gap-1.5">
      <label id={labelId} htmlFor={id} className="text-sm font-medium text-brand-charcoal">
        {label}
      </label>
      <div className="relative">
        <input
          ref={inputRef}
          id={id}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={activeId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          aria-busy={status === "loading" ? true : undefined}
          autoComplete="off"
          autoCorrect="off"
          autoCapitalize="off"
          spellCheck={false}
          enterKeyHint="done"
          disabled={inactive}
          placeholder={status === "loading" ? t("checkout.address.loading") : placeholder}
          value={query ?? value.name}
          onChange={(event) => {
            setQuery(event.target.value);
            setOpen(true);
            setActive(event.target.value.trim() ? 0 : -1);
          }}
          onClick={() => (expanded ? undefined : openList("selected"))}
          onKeyDown={onKeyDown}
          onBlur={onBlur}
          className={cn(
            "h-11 w-full rounded-lg border border-brand-charcoal/20 bg-white pr-11 pl-3 text-base text-brand-charcoal placeholder:text-brand-cool-gray",
            "focus:border-brand-teal-strong focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-1",
            "disabled:cursor-not-allowed disabled:bg-brand-white",
            error && "border-red-600",
          )}
        />
        <button
          type="button"
          tabIndex={-1}
          aria-label={t("checkout.address.showAll", { label })}
          aria-controls={listId}
          aria-expanded={expanded}
          disabled={inactive}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            if (expanded) close();
            else {
              setQuery(null);
              openList("selected");
            }
            inputRef.current?.focus();
          }}
          className="absolute inset-y-0 right-0 flex w-11 items-center justify-center text-brand-cool-gray disabled:cursor-not-allowed"
        >
          {status === "loading" ? (
            <LoaderCircle aria-hidden className="size-5 animate-spin" />
          ) : (
            <ChevronDown aria-hidden className={cn("size-5", expanded && "rotate-180")} />
          )}
        </button>
        <ul
          id={listId}
          role="listbox"
          aria-labelledby={labelId}
          hidden={!expanded || filtered.length === 0}
          onMouseDown={(event) => event.preventDefault()}
          className="absolute top-full right-0 left-0 z-30 mt-1 max-h-[min(18rem,45vh)] overflow-y-auto overscroll-contain rounded-lg border border-brand-charcoal/15 bg-white py-1 shadow-lg"
        >
          {expanded &&
            filtered.map((option, index) => {
              const selected = option.code === value.code;
              return (
                <li
                  key={option.code}
                  id={optionId(option.code)}
                  role="option"
                  aria-selected={selected}
                  onMouseMove={() => (index === active ? undefined : setActive(index))}
                  onClick={() => choose(option)}
                  className={cn(
                    "flex min-h-11 cursor-pointer items-center gap-2 px-3 py-2 text-base text-brand-charcoal",
                    index === active && "bg-brand-teal/15",
                    selected && "font-semibold",
                  )}
                >
                  <Check
                    aria-hidden
                    className={cn("size-4 shrink-0 text-brand-teal-strong", !selected && "invisible")}
                  />
                  {/* A province merged into this one in 2025, as typed: "Bình Dương → Thành phố Hồ Chí Minh". */}
                  <span>{option.formerName ? `${option.formerName} → ${option.name}` : option.name}</span>
                </li>
              );
            })}
        </ul>
        {expanded && filtered.length === 0 && options.length > 0 && (
          <p
            role="status"
            className="absolute top-full right-0 left-0 z-30 mt-1 rounded-lg border border-brand-charcoal/15 bg-white px-3 py-3 text-sm text-brand-cool-gray shadow-lg"
          >
            {t("checkout.address.noMatch", { query: query ?? "" })}
          </p>
        )}
      </div>
      {status === "error" && (
        <p id={statusId} role="alert" className="flex flex-wrap items-center gap-x-2 text-sm text-red-700">
          {t("checkout.address.loadFailed")}
          <button
            type="button"
            onClick={onRetry}
            disabled={disabled}
            className="inline-flex min-h-11 items-center gap-1 font-medium text-brand-teal-strong underline underline-offset-4"
          >
            <RotateCw aria-hidden className="size-4" />
            {t("checkout.address.retry")}
          </button>
        </p>
      )}
      {ready && options.length === 0 && (
        <p id={statusId} className="text-sm text-brand-cool-gray">
          {emptyText}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
      <p className="sr-only" aria-live="polite">
        {expanded && query !== null ? t("checkout.address.results", { count: filtered.length }) : ""}
      </p>
    </div>
  );
}
