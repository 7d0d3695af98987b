import { RefreshCw, TriangleAlert } from "./icons";
import { useState } from "react";
import { useLoaderData, useRevalidator } from "react-router";
import { Button } from "./button";

/**
 * The error of a console form's hidden `version` field in an action's answer, if any: the row was
 * saved since the form opened (or the form carries no version). Services put it there
 * (staleRowError, readRowVersion in app/server/row-version.server.ts, decision 0014).
 */
export function staleRowErrorOf(result: unknown): string | null {
  if (typeof result !== "object" || result === null || !("ok" in result) || result.ok !== false) return null;
  const fieldErrors = (result as { fieldErrors?: Record<string, string> }).fieldErrors;
  return fieldErrors?.version ?? null;
}

/**
 * The version a console form sends back (its hidden `version` field): the one it was opened
 * with, then the one each successful save of this form answered, so a second save in the same
 * tab needs no reload. `result` is the form's last action answer (`result.version` on success).
 */
export function useFormRowVersion(opened: number | undefined, result: unknown): number | undefined {
  const [current, setCurrent] = useState<{ version: number | undefined; from: unknown }>({
    version: opened,
    from: null,
  });
  const payload =
    typeof result === "object" && result !== null && "ok" in result && result.ok === true && "result" in result
      ? result.result
      : undefined;
  const saved = typeof payload === "object" && payload !== null && "version" in payload ? payload.version : undefined;
  if (typeof saved === "number" && result !== current.from) {
    // Adjusting state while rendering (not in an effect): the new version is used at once.
    setCurrent({ version: saved, from: result });
    return saved;
  }
  return current.version;
}

/**
 * "Tải lại" for a page's console forms: re-runs the page's loaders and raises `generation` in
 * the very render that brings the new data (the router commits it in a transition, so raising
 * it when revalidate() resolves could mount the form once more on the old row). A form keyed
 * by the generation mounts again with the newest row and its version (dropping what was typed,
 * which is what staff asked for); its fetcher, and the conflict, go with it.
 */
export function useReloadForms() {
  const revalidator = useRevalidator();
  const data = useLoaderData();
  const [generation, setGeneration] = useState(0);
  // The page's data when "Tải lại" was pressed, until newer data arrives.
  const [waitingFor, setWaitingFor] = useState<{ since: unknown } | null>(null);
  if (waitingFor !== null && data !== waitingFor.since) {
    // Adjusting state while rendering: the remount happens together with the new data.
    setWaitingFor(null);
    setGeneration((g) => g + 1);
  }
  async function reload() {
    setWaitingFor({ since: data });
    await revalidator.revalidate();
  }
  return { generation, reload, reloading: waitingFor !== null };
}

/**
 * What a console form shows when its save was refused over a newer version of the row: the
 * message, a reminder that what was typed is still in the form, and "Tải lại". It stays until
 * staff act (a toast would disappear with the only way out).
 */
export function StaleRowNotice({
  message,
  onReload,
  reloading = false,
}: {
  message: string;
  onReload: () => void;
  reloading?: boolean;
}) {
  return (
    <div
      role="alert"
      className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 sm:flex-row sm:items-center"
    >
      <TriangleAlert className="size-5 shrink-0 text-amber-700" aria-hidden="true" />
      <p className="flex-1">
        <span className="font-semibold">{message}.</span> Nội dung bạn vừa nhập vẫn còn trong biểu mẫu; bấm “Tải lại” để
        xem bản mới nhất (nội dung đang nhập sẽ được thay bằng bản đó).
      </p>
      <Button
        type="button"
        variant="outline"
        size="sm"
        onClick={onReload}
        disabled={reloading}
        className="self-start sm:self-auto"
      >
        <RefreshCw className="size-4" aria-hidden="true" />
        {reloading ? "Đang tải..." : "Tải lại"}
      </Button>
    </div>
  );
}
