import type { vi } from "./catalogue/vi";
import type { Locale } from "./locale";

/** The shape of a storefront catalogue: Vietnamese is the reference, English matches it key for key. */
export type Messages = typeof vi;

/** A text that depends on a count ("1 item" / "2 items"); `{count}` is filled in. */
export interface PluralMessage {
  one: string;
  other: string;
}

type Leaf = string | PluralMessage;
export interface MessageTree {
  [key: string]: Leaf | MessageTree;
}

/** Every dotted key of a catalogue ("header.cart", "cart.itemCount"). */
export type MessageKey<T> = {
  [K in keyof T & string]: T[K] extends Leaf ? K : `${K}.${MessageKey<T[K]>}`;
}[keyof T & string];

export type MessageParams = Record<string, string | number>;

const pluralRules = new Map<Locale, Intl.PluralRules>();

function pluralOf(locale: Locale, count: number): "one" | "other" {
  let rules = pluralRules.get(locale);
  if (!rules) pluralRules.set(locale, (rules = new Intl.PluralRules(locale)));
  return rules.select(count) === "one" ? "one" : "other";
}

function isPlural(value: unknown): value is PluralMessage {
  return (
    typeof value === "object" && value !== null && "one" in value && "other" in value && typeof value.other === "string"
  );
}

/**
 * The text for a key, `{name}` placeholders filled from params (a plural picks its form by
 * params.count). A key the catalogue lacks yields the key itself: visible, never a crash (the
 * completeness test keeps it from shipping).
 */
export function translate(messages: MessageTree, locale: Locale, key: string, params?: MessageParams): string {
  const node = lookUp(messages, key);
  const text = typeof node === "string" ? node : isPlural(node) ? node[pluralOf(locale, Number(params?.count))] : key;
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    name in params ? String(params[name]) : placeholder,
  );
}

// A page looks up a few hundred keys; each walk of the tree is done once per catalogue (decision 0025).
const lookedUp = new WeakMap<MessageTree, Map<string, Leaf | MessageTree | undefined>>();

function lookUp(messages: MessageTree, key: string): Leaf | MessageTree | undefined {
  let known = lookedUp.get(messages);
  if (!known) lookedUp.set(messages, (known = new Map()));
  if (known.has(key)) return known.get(key);
  let node: Leaf | MessageTree | undefined = messages;
  for (const part of key.split(".")) {
    node = typeof node === "object" && !isPlural(node) ? node[part] : undefined;
  }
  // Keys come from the code, but `text()` also passes texts that may be keys (server messages):
  // bounded, so no stream of distinct texts can grow it.
  if (known.size >= 5000) known.clear();
  known.set(key, node);
  return node;
}
