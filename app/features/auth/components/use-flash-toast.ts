import { useEffect, useRef } from "react";
import { toast } from "sonner";
import { flashMessages, type Flash } from "../flash";

/** Shows a one-shot notice handed over by the server (see flash.server.ts), once per notice id. */
export function useFlashToast(flash: Flash | null | undefined) {
  const shown = useRef<string | null>(null);
  useEffect(() => {
    if (!flash || shown.current === flash.id) return;
    shown.current = flash.id;
    const message = flashMessages[flash.kind];
    const show = message.warning ? toast.warning : toast.success;
    show(message.title, { id: flash.id, description: message.description });
  }, [flash]);
}
