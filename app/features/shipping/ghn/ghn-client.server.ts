import { AppError } from "~/server/errors.server";

/*
 * GHN's public API (Giao Hàng Nhanh, "shiip/public-api"): every call carries the shop's Token and
 * ShopId headers and is answered `{ code: 200, message, data }`, or `{ code: 4xx, message,
 * code_message_value }` when GHN refuses. Every failure becomes an AppError staff can read (never a
 * raw stack): a timeout or an unreachable GHN is "unavailable", a refusal quotes GHN's message.
 */

/** What staff read when GHN does not answer in time or cannot be reached. */
export const GHN_UNAVAILABLE_MESSAGE = "GHN không phản hồi, vui lòng thử lại sau";
/** What staff read when GHN answers something that is not its JSON. */
export const GHN_MALFORMED_MESSAGE = "GHN trả lời không đúng định dạng, vui lòng thử lại sau";

/** A call waits this long for GHN unless told (staff are waiting on the page). */
export const GHN_DEFAULT_TIMEOUT_MS = 10_000;

export interface GhnCredentials {
  baseUrl: string;
  token: string;
  shopId: string;
}

export interface GhnClientOptions {
  /** Replaced in tests; the global fetch otherwise. */
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export interface GhnCall {
  method: "GET" | "POST";
  path: string;
  query?: Record<string, string | number>;
  body?: unknown;
}

export interface GhnClient {
  /** GHN's `data` of a successful answer; throws an AppError otherwise. */
  call<T>(request: GhnCall): Promise<T>;
}

/** GHN's text, made safe to show: control characters dropped, at most 300 characters. */
function cleanMessage(text: unknown): string {
  if (typeof text !== "string") return "";
  return text
    .replace(/\p{Cc}+/gu, " ")
    .trim()
    .slice(0, 300);
}

function refusal(status: number, answer: Record<string, unknown> | null): AppError {
  const theirs = cleanMessage(answer?.message) || cleanMessage(answer?.code_message_value);
  if (status === 401 || answer?.code === 401) {
    return new AppError("invalid", `GHN từ chối: token hoặc mã cửa hàng không đúng${theirs ? ` (${theirs})` : ""}`);
  }
  if (status >= 500 && !theirs) return new AppError("unavailable", GHN_UNAVAILABLE_MESSAGE);
  return new AppError("invalid", `GHN từ chối: ${theirs || `lỗi ${status}`}`);
}

export function createGhnClient(credentials: GhnCredentials, options: GhnClientOptions = {}): GhnClient {
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? GHN_DEFAULT_TIMEOUT_MS;
  const base = credentials.baseUrl.replace(/\/+$/, "");

  return {
    async call<T>({ method, path, query, body }: GhnCall): Promise<T> {
      const url = new URL(base + path);
      for (const [key, value] of Object.entries(query ?? {})) url.searchParams.set(key, String(value));
      const headers: Record<string, string> = { Token: credentials.token, Accept: "application/json" };
      if (credentials.shopId) headers.ShopId = credentials.shopId;
      if (body !== undefined) headers["Content-Type"] = "application/json";

      let response: Response;
      let text: string;
      try {
        // One signal covers the whole exchange: a server that sends headers and then stalls the body times out too.
        const signal = AbortSignal.timeout(timeoutMs);
        response = await doFetch(url, {
          method,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
          signal,
        });
        text = await response.text();
      } catch {
        // A timeout (AbortSignal), a DNS failure, a refused or reset connection: for staff, GHN did not answer.
        throw new AppError("unavailable", GHN_UNAVAILABLE_MESSAGE);
      }

      let answer: Record<string, unknown> | null = null;
      try {
        const parsed: unknown = JSON.parse(text);
        if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) answer = parsed as Record<string, unknown>;
      } catch {
        answer = null;
      }
      if (!response.ok) throw refusal(response.status, answer);
      if (answer === null || typeof answer.code !== "number") throw new AppError("unavailable", GHN_MALFORMED_MESSAGE);
      if (answer.code !== 200) throw refusal(answer.code, answer);
      return answer.data as T;
    },
  };
}
