import { Search } from "./icons";
import type { ComponentProps } from "react";
import { cn } from "./cn";
import { Input } from "./input";

/** A search box with the magnifier inside it (a list's filter bar); `className` styles the wrapper. */
export function SearchInput({ className, ...props }: Omit<ComponentProps<"input">, "type">) {
  return (
    <div className={cn("relative", className)}>
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-brand-cool-gray"
        aria-hidden="true"
      />
      <Input type="search" className="pl-9" {...props} />
    </div>
  );
}
