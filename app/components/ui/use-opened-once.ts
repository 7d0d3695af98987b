import { useState } from "react";

/**
 * True from the first time `open` is true. On-open UI (drawers, dialogs) is loaded with
 * React.lazy and mounted only once it is wanted, so its code stays out of the first page load;
 * after that it stays mounted so closing can animate and reopening is instant.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
