import * as SwitchPrimitive from "@radix-ui/react-switch";
import type { ComponentProps } from "react";
import { cn } from "./cn";

/**
 * An on/off switch (Radix). With `name`, a hidden input submits "true" or "false" with the
 * form, so an off switch is sent too.
 */
export function Switch({
  className,
  name,
  checked,
  ...props
}: Omit<ComponentProps<typeof SwitchPrimitive.Root>, "name"> & { name?: string }) {
  return (
    <>
      <SwitchPrimitive.Root
        checked={checked}
        className={cn(
          "peer inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60 data-[state=checked]:bg-brand-teal-strong data-[state=unchecked]:bg-brand-cool-gray/60",
          className,
        )}
        {...props}
      >
        <SwitchPrimitive.Thumb className="pointer-events-none block size-5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-5 data-[state=unchecked]:translate-x-0" />
      </SwitchPrimitive.Root>
      {name && <input type="hidden" name={name} value={checked ? "true" : "false"} />}
    </>
  );
}
