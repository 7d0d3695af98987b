import { z } from "zod";

/**
 * zod building blocks for HTML form values (always strings, or missing), shared by the admin
 * forms in the browser and by the services on the server.
 */

/** A trimmed string; missing becomes "". */
export const text = () => z.preprocess((v) => (typeof v === "string" ? v.trim() : v == null ? "" : v), z.string());

/** A trimmed string, or null when empty. */
export const optionalText = (max = 5000, message = `Tối đa ${max} ký tự`) =>
  z.preprocess(
    (v) => (typeof v === "string" ? (v.trim() === "" ? null : v.trim()) : v == null ? null : v),
    z.string().max(max, message).nullable(),
  );

/** A checkbox or switch: "true"/"on"/"1" or a real boolean is true, anything else false. */
export const checkbox = () => z.preprocess((v) => v === true || v === "true" || v === "on" || v === "1", z.boolean());

const digitsOnly = (v: unknown) => (typeof v === "string" ? v.replace(/[\s.,_]/g, "") : v);

/** A whole number given in a form (dots and spaces of "1.000.000" ignored), with bounds. */
export const wholeNumber = (opts: { min?: number; max?: number; message: string; fallback?: number }) =>
  z.preprocess(
    (v) => {
      const raw = digitsOnly(v);
      if ((raw === "" || raw == null) && opts.fallback !== undefined) return opts.fallback;
      if (typeof raw === "number") return raw;
      if (typeof raw !== "string" || !/^-?\d+$/.test(raw)) return Number.NaN;
      return Number(raw);
    },
    z
      .number({ message: opts.message })
      .int(opts.message)
      .min(opts.min ?? 0, opts.message)
      .max(opts.max ?? Number.MAX_SAFE_INTEGER, opts.message),
  );

/** Like wholeNumber, but an empty field is null. */
export const optionalWholeNumber = (opts: { min?: number; max?: number; message: string }) =>
  z.preprocess(
    (v) => {
      const raw = digitsOnly(v);
      if (raw === "" || raw == null) return null;
      if (typeof raw === "number") return raw;
      if (typeof raw !== "string" || !/^-?\d+$/.test(raw)) return Number.NaN;
      return Number(raw);
    },
    z
      .number({ message: opts.message })
      .int(opts.message)
      .min(opts.min ?? 0, opts.message)
      .max(opts.max ?? Number.MAX_SAFE_INTEGER, opts.message)
      .nullable(),
  );

/** A list typed one item per line (commas may appear inside an item: "Diệt 99,9% vi khuẩn"). */
export const lineList = () =>
  z.preprocess(
    (v) =>
      Array.isArray(v)
        ? v
        : typeof v === "string"
          ? v
              .split(/\r?\n/)
              .map((item) => item.trim())
              .filter(Boolean)
          : [],
    z.array(z.string().max(200, "Mỗi dòng tối đa 200 ký tự")).max(50, "Tối đa 50 dòng"),
  );

/**
 * Field name → first message, from a failed parse (the shape forms show next to fields). The name
 * is the issue's path joined with dots, or with `{ leaf: true }` its last segment: for a form
 * whose fields are grouped in nested objects (the checkout's information, address, shipping).
 */
export function fieldErrorsOf(error: z.ZodError, options: { leaf?: boolean } = {}): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const { path, message } of error.issues) {
    const name = options.leaf ? String(path.at(-1) ?? "") : path.join(".");
    errors[name || "_"] ??= message;
  }
  return errors;
}

/** A FormData (or a plain record) as a record of its first string values. */
export function formValues(form: FormData | Record<string, unknown>): Record<string, unknown> {
  if (!(form instanceof FormData)) return form;
  const values: Record<string, unknown> = {};
  for (const [key, value] of form) if (typeof value === "string" && !(key in values)) values[key] = value;
  return values;
}
