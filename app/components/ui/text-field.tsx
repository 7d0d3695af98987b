import type { ComponentProps, ReactNode } from "react";
import { Input } from "./input";
import { FormField } from "./label";

interface TextFieldProps extends ComponentProps<"input"> {
  id: string;
  label: ReactNode;
  /** Shown under the input, linked with aria-describedby, and marks the input invalid. */
  error?: string;
  hint?: ReactNode;
}

/** The common FormField: a labelled single-line input with its hint and error. */
export function TextField({ id, label, error, hint, ...inputProps }: TextFieldProps) {
  return (
    <FormField id={id} label={label} error={error} hint={hint}>
      {(control) => <Input {...inputProps} {...control} />}
    </FormField>
  );
}
