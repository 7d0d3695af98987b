import { data, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { fieldErrorsOf, formValues } from "~/lib/form-fields";
import { AppError, publicMessage, toHttpStatus } from "./errors.server";
import { MALFORMED_FORM_MESSAGE, readForm } from "./request-guards.server";
import { redactSecrets } from "./redact-secrets.server";

/*
 * The one way to write a form action (docs: ARCHITECTURE "One way to write an action"): a route
 * lists its intents, each with the service call (and a zod schema only where the route reads
 * typed fields: services validate their own input with their feature's schema); the pipeline
 * reads the body, picks the intent, runs the guard, and maps every outcome to one result type
 * with its HTTP status. Returned as `data(result, { status })`, so a plain HTML form post renders
 * the page with the result as actionData, and a fetcher gets the same result.
 */

/** What every form action answers. `result` is the intent's payload (ids, versions…). */
export type FormResult<R = unknown> =
  | { ok: true; intent: string; result?: R }
  | { ok: false; intent: string; error: string; fieldErrors?: Record<string, string>; result?: R };

/** The parts of React Router's action arguments the pipeline uses. */
export interface FormActionArgs {
  request: Request;
  context: Readonly<RouterContextProvider>;
  params: Record<string, string | undefined>;
}

/** What an intent's `run` receives. */
export interface IntentArgs<I, G> extends FormActionArgs {
  /** The body through the intent's schema (or the body's first string values without one). */
  input: I;
  /** The body as a form (files included); a JSON body is turned into string fields. */
  form: FormData;
  /** What the action's guard returned (the admin's session for admin actions). */
  guard: G;
  /** Headers of the answer the intent may add to (Set-Cookie, Retry-After…); not of a Response it returns. */
  headers: Headers;
}

/**
 * A refusal decided by the intent (not an error): e.g. a sign-in flow's answer with its own
 * status, or a payload the form shows again. Made with `refuse()`.
 */
export class Refusal<R = unknown> {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly options: { fieldErrors?: Record<string, string>; intent?: string; result?: R } = {},
  ) {}
}

/** Answers the intent with a refusal: the status, the message and, optionally, field messages and a payload. */
export function refuse<R = never>(
  status: number,
  error: string,
  options: { fieldErrors?: Record<string, string>; intent?: string; result?: R } = {},
): Refusal<R> {
  return new Refusal(status, error, options);
}

/** What an intent's `run` may answer: a payload, a refusal, or a Response (a redirect). */
type RunOutcome<R> = R | Refusal<R> | Response;

export interface Intent<I, G, R> {
  schema?: z.ZodType<I>;
  run: (args: IntentArgs<I, G>) => Promise<RunOutcome<R>> | RunOutcome<R>;
}

interface IntentFactory<G> {
  /** An intent whose input is typed by its schema. */
  <S extends z.ZodType, R>(def: {
    schema: S;
    run: (args: IntentArgs<z.output<S>, G>) => Promise<RunOutcome<R>> | RunOutcome<R>;
  }): Intent<z.output<S>, G, R>;
  /** An intent without a schema: `input` is the body's first string values (the service validates). */
  <R>(def: {
    run: (args: IntentArgs<Record<string, unknown>, G>) => Promise<RunOutcome<R>> | RunOutcome<R>;
  }): Intent<Record<string, unknown>, G, R>;
}

/** The `intent()` helper for actions whose guard returns G (`adminIntent` in the console). */
export function intentFor<G>(): IntentFactory<G> {
  return ((def: Intent<unknown, G, unknown>) => def) as IntentFactory<G>;
}

/** Declares an intent of an action without a guard: `intent({ schema, run })` or `intent({ run })`. */
export const intent = intentFor<unknown>();

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each intent has its own input type
export type AnyIntent<G> = Intent<any, G, unknown>;
type OutcomeOf<T> = T extends { run: (args: never) => infer O } ? Awaited<O> : never;
type PayloadOf<T> = Exclude<OutcomeOf<T>, Response | Refusal<unknown> | void | undefined>;
type RefusalPayloadOf<T> = OutcomeOf<T> extends infer O ? (O extends Refusal<infer P> ? P : never) : never;

export interface FormActionOptions<G, T extends Record<string, AnyIntent<G>>> {
  intents: T;
  /** The intent of a body without one (single-intent forms). */
  defaultIntent?: keyof T & string;
  /**
   * The body field naming the intent ("intent" unless told); null for a one-purpose action whose
   * body names none (sign-out: whatever is posted, it signs out, as a plain form did).
   */
  intentField?: string | null;
  /** Runs before the body is read; throws a Response to refuse (e.g. requireAdmin). */
  guard?: (args: FormActionArgs) => Promise<G> | G;
  /** Bodies larger than this (Content-Length) are refused before being read, with this message and field. */
  maxBytes?: { bytes: number; message: string; field?: string };
  /** The message of an unknown intent (400). */
  unknownIntentMessage?: string;
  /** The message of an unexpected failure (logged; 500, or 503 while the database is down) when not the generic one. */
  unexpectedMessage?: string;
  /** Headers of every answer of this action, refusals and errors included (e.g. Cache-Control: no-store). */
  headers?: HeadersInit;
  /**
   * A JSON body is the input as posted (nested objects and lists kept; null when it does not
   * parse), for a fetcher posting structured data (the checkout); other bodies are read as forms.
   */
  jsonAsIs?: boolean;
}

const DEFAULT_UNKNOWN_INTENT_MESSAGE = "Thao tác không hợp lệ";

/** The property of a route's action that holds its `maxBytes` (undefined: the server's default limit). */
export const REQUEST_BODY_LIMIT = "requestBodyLimit";

/** The largest body a route's action reads, as formAction recorded it (undefined for other actions). */
export function requestBodyLimitOf(action: unknown): number | undefined {
  const limit = typeof action === "function" ? (action as { [REQUEST_BODY_LIMIT]?: unknown })[REQUEST_BODY_LIMIT] : undefined;
  return typeof limit === "number" ? limit : undefined;
}

/**
 * Builds a route action from its intents. Every outcome is mapped here: a ZodError is a 400 with
 * field messages; an AppError keeps its status, message and fields; a Response (redirect, or
 * a guard's 401/403) passes through; anything else is logged once and answered with the
 * generic message (500, or 503 while the database is down).
 */
export function formAction<G, T extends Record<string, AnyIntent<G>>>(options: FormActionOptions<G, T>) {
  type Payload = PayloadOf<T[keyof T]> | RefusalPayloadOf<T[keyof T]>;
  const intentField = options.intentField === undefined ? "intent" : options.intentField;

  async function action(args: FormActionArgs) {
    const guard = options.guard ? await options.guard(args) : (undefined as G);
    const headers = new Headers(options.headers);
    let intentName = "";
    try {
      const { maxBytes } = options;
      if (maxBytes && Number(args.request.headers.get("content-length") ?? "0") > maxBytes.bytes) {
        throw new AppError("invalid", maxBytes.message, maxBytes.field ? { [maxBytes.field]: maxBytes.message } : undefined);
      }
      const asIs = options.jsonAsIs && isJson(args.request);
      const json = asIs ? await readJsonAsIs(args.request) : null;
      const form = asIs ? new FormData() : await readBody(args.request);
      const named =
        intentField === null ? null : asIs ? (json as Record<string, unknown> | null)?.[intentField] : form.get(intentField);
      intentName = (typeof named === "string" ? named : "") || (options.defaultIntent ?? "");
      const handler = Object.hasOwn(options.intents, intentName) ? options.intents[intentName] : undefined;
      if (!handler) throw new AppError("invalid", options.unknownIntentMessage ?? DEFAULT_UNKNOWN_INTENT_MESSAGE);
      const values = asIs ? json : formValues(form);
      const input = handler.schema ? handler.schema.parse(values) : values;
      const outcome = await handler.run({ ...args, input, form, guard, headers });
      if (outcome instanceof Response) return outcome;
      if (outcome instanceof Refusal) {
        const { fieldErrors, result } = outcome.options;
        const refused: FormResult<Payload> = {
          ok: false,
          intent: outcome.options.intent ?? intentName,
          error: outcome.error,
          ...(fieldErrors ? { fieldErrors } : {}),
          ...(result !== undefined ? { result: result as Payload } : {}),
        };
        return data(refused, { status: outcome.status, headers });
      }
      const done: FormResult<Payload> = { ok: true, intent: intentName, ...(outcome !== undefined ? { result: outcome as Payload } : {}) };
      return data(done, { status: 200, headers });
    } catch (error) {
      if (error instanceof Response) throw error;
      return data(failureOf(error, intentName, args, options.unexpectedMessage), { status: statusOf(error), headers });
    }
  }
  // The server's body guard reads the route's limit from here (server/guards.ts), so an upload
  // route declares it once, beside its intents, and a renamed route keeps it.
  return Object.assign(action, { [REQUEST_BODY_LIMIT]: options.maxBytes?.bytes });
}

function statusOf(error: unknown): number {
  return error instanceof z.ZodError ? 400 : toHttpStatus(error);
}

function failureOf(error: unknown, intent: string, args: FormActionArgs, unexpectedMessage?: string): FormResult<never> {
  if (error instanceof z.ZodError) {
    const fieldErrors = fieldErrorsOf(error);
    return { ok: false, intent, error: Object.values(fieldErrors)[0] ?? "Dữ liệu không hợp lệ", fieldErrors };
  }
  if (error instanceof AppError) {
    return { ok: false, intent, error: error.message, ...(error.fieldErrors ? { fieldErrors: error.fieldErrors } : {}) };
  }
  args.context.logger.error({ err: error, intent, path: redactSecrets(new URL(args.request.url).pathname) }, "form action failed");
  return { ok: false, intent, error: unexpectedMessage ?? publicMessage(error) };
}

function isJson(request: Request): boolean {
  return (request.headers.get("content-type") ?? "").startsWith("application/json");
}

/** A JSON body as posted, or null when it does not parse. */
async function readJsonAsIs(request: Request): Promise<unknown> {
  const text = await request.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** The body as a form: urlencoded and multipart as they are, a JSON object's values as string fields. */
async function readBody(request: Request): Promise<FormData> {
  // A button-only form (sign-out) may post nothing at all.
  if (request.body === null) return new FormData();
  if (!isJson(request)) return readForm(request);
  const body: unknown = await request.json().catch(() => null);
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new AppError("invalid", MALFORMED_FORM_MESSAGE);
  }
  const form = new FormData();
  for (const [key, value] of Object.entries(body)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== null && item !== undefined) form.append(key, typeof item === "object" ? JSON.stringify(item) : String(item));
    }
  }
  return form;
}

/** A positive integer id from a form or URL value, or an invalid error. */
export function parseId(value: unknown, what = "mục"): number {
  const n = typeof value === "string" && /^\d{1,9}$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isInteger(n) || n <= 0) throw new AppError("invalid", `Mã ${what} không hợp lệ`);
  return n;
}
