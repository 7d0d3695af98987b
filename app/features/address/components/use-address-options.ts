import { useCallback, useEffect, useState } from "react";
import type { AddressOption } from "../address-value";

/**
 * Province, district and ward lists fetched from the /api/address routes, kept in memory per
 * URL for the life of the page: going back to a province already opened shows its wards at once,
 * and two fields asking for the same list share one request. A failed request is forgotten, so
 * "Try again" asks the server again.
 */

const settled = new Map<string, AddressOption[]>();
const pending = new Map<string, Promise<AddressOption[]>>();

function isOptionList(data: unknown): data is AddressOption[] {
  return Array.isArray(data) && data.every((item) => typeof item?.code === "string" && typeof item?.name === "string");
}

export function fetchAddressOptions(url: string): Promise<AddressOption[]> {
  const done = settled.get(url);
  if (done) return Promise.resolve(done);
  let request = pending.get(url);
  if (!request) {
    request = fetch(url, { headers: { Accept: "application/json" } })
      .then(async (response) => {
        if (!response.ok) throw new Error(`${url} answered ${response.status}`);
        const data: unknown = await response.json();
        if (!isOptionList(data)) throw new Error(`${url} did not answer a list`);
        settled.set(url, data);
        return data;
      })
      .finally(() => pending.delete(url));
    pending.set(url, request);
  }
  return request;
}

export type AddressOptionsStatus = "idle" | "loading" | "ready" | "error";

export interface AddressOptionsState {
  status: AddressOptionsStatus;
  options: AddressOption[];
  retry: () => void;
}

/** The list at `url` (null: nothing to load yet, e.g. wards before a province is chosen). */
export function useAddressOptions(url: string | null): AddressOptionsState {
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<{ key: string; options?: AddressOption[]; failed?: boolean } | null>(null);
  const key = url ? `${attempt}:${url}` : null;

  useEffect(() => {
    if (!url || settled.has(url)) return;
    let live = true;
    const thisKey = `${attempt}:${url}`;
    fetchAddressOptions(url).then(
      (options) => live && setResult({ key: thisKey, options }),
      () => live && setResult({ key: thisKey, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [url, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  if (!url) return { status: "idle", options: [], retry };
  const cached = settled.get(url) ?? (result?.key === key ? result.options : undefined);
  if (cached) return { status: "ready", options: cached, retry };
  if (result?.key === key && result.failed) return { status: "error", options: [], retry };
  return { status: "loading", options: [], retry };
}
