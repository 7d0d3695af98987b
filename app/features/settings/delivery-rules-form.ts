import { deliveryRulesSettingsSchema, MAX_DELIVERY_REGIONS } from "./delivery-rules.schema";

/*
 * The delivery rules' console form (issue 31) as the settings group's input. The form is a plain
 * post (it works without JavaScript): each region's fields carry its row number
 * (`regions.3.name`, `regions.3.provinceCodes` once per ticked province…), a row ticked "Xóa" or
 * left blank is dropped, and the closed dates are typed one per line. Safe in the browser.
 */

const REGION_FIELD = /^regions\.(\d+)\./;

/** A blank row: the form always offers one more row to fill in, which may be left empty. */
function isBlank(row: { name: string; nameEn: string; provinceCodes: string[]; minDays: string; maxDays: string; slots: boolean }) {
  return (
    row.name === "" && row.nameEn === "" && row.provinceCodes.length === 0 && row.minDays === "" && row.maxDays === "" && !row.slots
  );
}

/**
 * The group's input from the form, checked with the group's schema. On failure the messages are
 * keyed by the form's field names: a region's by its row as the form numbered it (rows dropped
 * before it do not shift it), a closed date's on the text box with the line it is about.
 */
export function deliveryRulesInputFromForm(
  form: FormData,
): { ok: true; value: unknown } | { ok: false; fieldErrors: Record<string, string> } {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value.trim() : "";
  };
  const texts = (name: string) => form.getAll(name).filter((value): value is string => typeof value === "string");
  const flag = (name: string) => form.get(name) === "on" || form.get(name) === "true";

  const rows = new Set<number>();
  for (const key of form.keys()) {
    const match = REGION_FIELD.exec(key);
    // More rows than the schema allows are refused by it; the bound only keeps a forged form small.
    if (match && Number(match[1]) < MAX_DELIVERY_REGIONS * 5) rows.add(Number(match[1]));
  }
  const kept: Array<{ row: number; region: Record<string, unknown> }> = [];
  for (const row of [...rows].sort((a, b) => a - b)) {
    const field = (name: string) => `regions.${row}.${name}`;
    const region = {
      name: text(field("name")),
      nameEn: text(field("nameEn")),
      provinceCodes: texts(field("provinceCodes")),
      minDays: text(field("minDays")),
      maxDays: text(field("maxDays")),
      slots: flag(field("slots")),
    };
    if (flag(field("remove")) || isBlank(region)) continue;
    kept.push({ row, region });
  }
  const closedDates = text("closedDates")
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "");
  const value = {
    regions: kept.map((entry) => entry.region),
    otherMinDays: text("otherMinDays"),
    otherMaxDays: text("otherMaxDays"),
    cutoffTime: text("cutoffTime"),
    workingDays: texts("workingDays"),
    closedDates,
  };

  const parsed = deliveryRulesSettingsSchema.safeParse(value);
  if (parsed.success) return { ok: true, value };
  const fieldErrors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const [first, index, ...rest] = issue.path.map(String);
    let field = issue.path.map(String).join(".");
    let message = issue.message;
    if (first === "regions" && index !== undefined) field = ["regions", kept[Number(index)].row, ...rest].join(".");
    else if (first === "closedDates" && index !== undefined) {
      field = "closedDates";
      message = `“${closedDates[Number(index)]}”: ${issue.message}`;
    } else if (first === "workingDays") field = "workingDays";
    fieldErrors[field || "_"] ??= message;
  }
  return { ok: false, fieldErrors };
}
