import { describe, expect, it } from "vitest";
import { defaultEmailTemplates } from "~/features/settings/settings.schema";
import { escapeHtml, renderTemplate, sampleTemplateVariables } from "./render";

describe("renderTemplate", () => {
  it("fills the variables in subject, text and HTML; unknown variables stay as written", () => {
    const email = renderTemplate(
      { subject: "{{store_name}} - Đơn {{ order_number }}", body: "Chào {{customer_name}},\n{{unknown}} giữ nguyên.\n\nHẹn gặp lại." },
      { store_name: "UVC Care", order_number: "DH000007", customer_name: "Trần Thị Bình" },
    );
    expect(email.subject).toBe("UVC Care - Đơn DH000007");
    expect(email.text).toBe("Chào Trần Thị Bình,\n{{unknown}} giữ nguyên.\n\nHẹn gặp lại.");
    expect(email.html).toContain('<p style="margin:0 0 16px">Chào Trần Thị Bình,<br>{{unknown}} giữ nguyên.</p>');
    expect(email.html).toContain("<p style=\"margin:0 0 16px\">Hẹn gặp lại.</p>");
  });

  it("escapes variables (and the template text) in the HTML body, keeps them plain in the text body", () => {
    const name = `<img src=x onerror=alert(1)> & "Bình" 'x'`;
    const email = renderTemplate({ subject: "Hi {{customer_name}}", body: "<b>{{customer_name}}</b>" }, { customer_name: name });
    expect(email.text).toBe(`<b>${name}</b>`);
    expect(email.html).toContain("&lt;b&gt;&lt;img src=x onerror=alert(1)&gt; &amp; &quot;Bình&quot; &#39;x&#39;&lt;/b&gt;");
    expect(email.html).not.toContain("<img");
    expect(email.html).toContain(`<title>${escapeHtml(email.subject)}</title>`);
  });

  it("keeps subjects on one line", () => {
    expect(renderTemplate({ subject: "{{a}}", body: "x" }, { a: "one\r\nBcc: evil@example.com" }).subject).toBe(
      "one Bcc: evil@example.com",
    );
  });

  it("renders the default templates with the sample values", () => {
    const email = renderTemplate(defaultEmailTemplates.orderConfirmation, sampleTemplateVariables);
    expect(email.subject).toBe("UVC Care - Xác nhận đơn hàng DH000123");
    expect(email.text).toContain("Xin chào Nguyễn Văn An,");
    expect(email.text).not.toMatch(/\{\{/);
  });
});
