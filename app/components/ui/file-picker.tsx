import { useEffect, useId, useRef, useState, type ComponentProps } from "react";
import { buttonVariants } from "./button";
import { cn } from "./cn";

/**
 * A file input that speaks Vietnamese (issue 18): the browser's own "Choose file / No file
 * chosen" is replaced by a button-like label ("Chọn ảnh", "Chọn tệp"…) and the chosen file's
 * name or "Chưa chọn tệp". The input stays in the page, visually hidden but focusable: Tab
 * reaches it (the button shows the focus ring), Space or Enter opens the browser's picker, and
 * a screen reader reads the field's own label and the chosen file (aria-describedby). Works
 * before JavaScript loads (a label opens its input).
 */
export function FilePicker({
  id,
  buttonLabel = "Chọn tệp",
  className,
  onChange,
  "aria-describedby": describedBy,
  ...props
}: Omit<ComponentProps<"input">, "type" | "id"> & {
  id: string;
  /** The text of the button ("Chọn ảnh"). */
  buttonLabel?: string;
}) {
  const [names, setNames] = useState<string[]>([]);
  const wrapper = useRef<HTMLDivElement>(null);
  const statusId = `${id}-chosen`;
  // A form reset empties the input without a change event.
  useEffect(() => {
    const form = wrapper.current?.querySelector("input")?.form;
    if (!form) return;
    const onReset = () => setNames([]);
    form.addEventListener("reset", onReset);
    return () => form.removeEventListener("reset", onReset);
  }, []);
  return (
    <div
      ref={wrapper}
      className={cn(
        "relative flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-dashed border-brand-charcoal/30 bg-brand-white/50 p-2 has-[input[aria-invalid=true]]:border-red-600",
        className,
      )}
    >
      <input
        {...props}
        id={id}
        type="file"
        aria-describedby={[describedBy, statusId].filter(Boolean).join(" ")}
        onChange={(event) => {
          setNames([...(event.currentTarget.files ?? [])].map((file) => file.name));
          onChange?.(event);
        }}
        className="peer sr-only"
      />
      <label
        htmlFor={id}
        aria-hidden="true"
        className={cn(
          buttonVariants({ variant: "primary", size: "sm" }),
          "cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-teal-strong peer-disabled:cursor-not-allowed peer-disabled:opacity-50",
        )}
      >
        {buttonLabel}
      </label>
      <span id={statusId} className="min-w-0 text-sm break-all text-brand-charcoal">
        {names.length === 0
          ? "Chưa chọn tệp"
          : names.length === 1
            ? names[0]
            : `${names.length} tệp: ${names.join(", ")}`}
      </span>
    </div>
  );
}

/**
 * A file input in Vietnamese ("Chọn tệp" / "Chưa chọn tệp"): see FilePicker. Not in input.tsx:
 * the checkout's text fields would load the picker's code with Input.
 */
export function FileInput({ id, ...props }: Omit<ComponentProps<typeof FilePicker>, "id"> & { id?: string }) {
  const fallback = useId();
  return <FilePicker id={id ?? fallback} {...props} />;
}
