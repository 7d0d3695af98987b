/** Keeps only the digits: the phone input's onChange (SPEC §5: the phone input strips non-digits). */
export function digitsOnly(input: string): string {
  return input.replace(/\D+/g, "");
}
