import { useEffect, useRef, useSyncExternalStore } from "react";
import { useLocation, useRevalidator } from "react-router";
import { Switch } from "~/components/ui/switch";
import { toast } from "~/components/ui/toast";
import { formatOrderNumber } from "~/lib/order-number";
import { formatVnd } from "~/lib/money";
import { titleWithCount } from "../live-orders";

/** The `order_created` event's data (LiveOrderEvent of app/routes/admin/events.ts). */
interface LiveOrder {
  id: string;
  orderNumber: number;
  total: number;
}

const SOUND_KEY = "admin-new-order-sound";

/**
 * New orders, live, on every console page (issue 18 item 5): listens to the admin event stream
 * (/admin/events, server-sent events fed by PostgreSQL LISTEN/NOTIFY), shows an alert "Đơn hàng
 * mới" with the number, the total and a link to the order, plays a short tone when `sound` is on,
 * and reloads the page's data (the layout's badge count included). EventSource reconnects by
 * itself when the connection drops. `enabled` false (content editors) opens nothing.
 */
export function useLiveOrders({ enabled, sound }: { enabled: boolean; sound: boolean }) {
  const { revalidate } = useRevalidator();
  const soundRef = useRef(sound);
  useEffect(() => {
    soundRef.current = sound;
  }, [sound]);
  useEffect(() => {
    if (!enabled || typeof EventSource === "undefined") return;
    const source = new EventSource("/admin/events");
    const onOrder = (event: MessageEvent<string>) => {
      let order: LiveOrder;
      try {
        order = JSON.parse(event.data) as LiveOrder;
      } catch {
        return;
      }
      const number = formatOrderNumber(order.orderNumber);
      toast.success("Đơn hàng mới", {
        id: `order-${order.orderNumber}`,
        description: `${number} · ${formatVnd(order.total)}`,
        duration: 20_000,
        action: (
          <a
            href={`/admin/orders/${encodeURIComponent(order.id)}`}
            className="ml-auto inline-flex min-h-9 shrink-0 items-center rounded-md bg-brand-teal-strong px-3 text-sm font-semibold text-white hover:bg-brand-charcoal"
          >
            Xem đơn {number}
          </a>
        ),
      });
      if (soundRef.current) playNewOrderTone();
      void revalidate();
    };
    source.addEventListener("order_created", onOrder as EventListener);
    return () => {
      source.removeEventListener("order_created", onOrder as EventListener);
      source.close();
    };
  }, [enabled, revalidate]);
}

/** Puts the count of new orders in front of the tab's title ("(3) Tổng quan | Quản trị") until they are seen. */
export function useTitleCount(count: number) {
  const location = useLocation();
  useEffect(() => {
    document.title = titleWithCount(document.title, count);
  }, [count, location]);
}

const soundListeners = new Set<() => void>();

function subscribeSound(listener: () => void) {
  soundListeners.add(listener);
  window.addEventListener("storage", listener);
  return () => {
    soundListeners.delete(listener);
    window.removeEventListener("storage", listener);
  };
}

function soundIsOn(): boolean {
  try {
    return window.localStorage.getItem(SOUND_KEY) === "on";
  } catch {
    return false; // storage refused (private mode): stays off
  }
}

/** The new-order tone switch's state: off by default (and on the server), remembered by this browser. */
export function useAlertSound(): [boolean, (on: boolean) => void] {
  const on = useSyncExternalStore(subscribeSound, soundIsOn, () => false);
  const change = (next: boolean) => {
    try {
      window.localStorage.setItem(SOUND_KEY, next ? "on" : "off");
    } catch {
      // not remembered
    }
    for (const listener of soundListeners) listener();
    // Turning it on is a click: the moment a browser lets a page start its audio; let it be heard.
    if (next) playNewOrderTone();
  };
  return [on, change];
}

/** The console's switch for the new-order tone. */
export function AlertSoundSwitch({ on, onChange }: { on: boolean; onChange: (on: boolean) => void }) {
  return (
    <div className="flex min-h-11 items-center justify-between gap-3 px-3 text-sm font-medium">
      <label htmlFor="new-order-sound">Âm báo đơn mới</label>
      <Switch id="new-order-sound" checked={on} onCheckedChange={onChange} />
    </div>
  );
}

let audio: AudioContext | null = null;

/** A short two-note chime made with the Web Audio API (no sound file). Silent where audio is unavailable. */
export function playNewOrderTone() {
  try {
    audio ??= new AudioContext();
    if (audio.state === "suspended") void audio.resume();
    const start = audio.currentTime + 0.01;
    [880, 1320].forEach((frequency, i) => {
      const ctx = audio!;
      const at = start + i * 0.16;
      const oscillator = ctx.createOscillator();
      const gain = ctx.createGain();
      oscillator.type = "sine";
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.25, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.3);
      oscillator.connect(gain).connect(ctx.destination);
      oscillator.start(at);
      oscillator.stop(at + 0.32);
    });
  } catch {
    // no audio device or API: the alert is still shown
  }
}
