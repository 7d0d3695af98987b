import { useEffect, useRef } from "react";
import { toast } from "sonner";

type Result = { ok: true; intent: string } | { ok: false; intent: string; error: string } | undefined;

/**
 * Shows one toast per fetcher answer: success texts by intent, and errors under `errorTitle`
 * (SPEC §8). Calls `onSuccess` after a successful answer (e.g. to close a dialog).
 */
export function useActionToast(
  result: Result,
  options: {
    success: Record<string, { title: string; description?: string }>;
    errorTitle?: (intent: string) => string;
    onSuccess?: (intent: string) => void;
  },
) {
  const seen = useRef<Result>(undefined);
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  useEffect(() => {
    if (!result || seen.current === result) return;
    seen.current = result;
    const { success, errorTitle, onSuccess } = latest.current;
    if (result.ok) {
      const text = success[result.intent];
      if (text) toast.success(text.title, { description: text.description });
      onSuccess?.(result.intent);
    } else {
      toast.error(errorTitle?.(result.intent) ?? "Lỗi", { description: result.error });
    }
  }, [result]);
}
