import { describe, expect, it } from "vitest";
import { contentFieldError } from "./sections-admin.schema";

describe("the sections editor's JSON messages (Vietnamese, saying where)", () => {
  it("says where broken JSON breaks", () => {
    expect(contentFieldError("steps", "json", "[{ broken")).toBe(
      "JSON không hợp lệ: kiểm tra dấu ngoặc, dấu phẩy và dấu ngoặc kép (dòng 1, cột 4)",
    );
    expect(contentFieldError("steps", "json", '[\n{"number":1,\n"title" "x"}]')).toMatch(/\(dòng 3, cột 9\)$/);
  });

  it("names the item and the field of a list that does not fit", () => {
    expect(contentFieldError("steps", "json", '[{"number":1,"title":"","description":"x"}]')).toBe(
      "JSON không đúng cấu trúc: bước 1, “Tiêu đề”: không được để trống",
    );
    expect(contentFieldError("steps", "json", '[{"number":1,"description":"x"}]')).toBe(
      "JSON không đúng cấu trúc: bước 1, “Tiêu đề”: còn thiếu",
    );
    expect(contentFieldError("testimonials", "json", '[{"id":1,"name":"a","role":"","text":"t","rating":9}]')).toBe(
      "JSON không đúng cấu trúc: cảm nhận 1, “Số sao (0–5)”: tối đa 5",
    );
    expect(contentFieldError("steps", "json", '{"a":1}')).toBe("JSON không đúng cấu trúc: phải là một danh sách");
    expect(contentFieldError("about_links", "json", '[{"text":"a","url":"javascript:x"}]')).toBe(
      "JSON không đúng cấu trúc: liên kết 1, “Đường dẫn”: Liên kết phải là đường dẫn bắt đầu bằng /, URL http(s)://, mailto: hoặc tel:",
    );
  });

  it("accepts a value that fits", () => {
    expect(contentFieldError("specs", "json", '[{"label":"Nặng","value":"35g"}]')).toBeNull();
  });
});
