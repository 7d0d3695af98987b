import { Banknote, CreditCard, Landmark, Wallet } from "~/components/ui/icons";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Input, Textarea } from "~/components/ui/input";
import { FormField } from "~/components/ui/label";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { AdminPageHeader } from "~/components/ui/admin-page-header";
import { basisPointsToPercent, settingsTabs, type SettingsTab } from "~/features/settings/settings-form";
import {
  ADMIN_SESSION_MAX_HOURS,
  ADMIN_SESSION_MIN_HOURS,
  ADMIN_SESSION_DEFAULT_HOURS,
  ADMIN_SESSION_DEFAULT_IDLE_MINUTES,
  ADMIN_SESSION_MIN_IDLE_MINUTES,
  emailTemplateVariables,
  type Settings,
} from "~/features/settings/settings.schema";
import { CheckoutFieldsForm } from "./checkout-fields-settings-form";
import { DeliveryRulesForm, type ProvinceChoice } from "./delivery-rules-form";
import { FulfilmentForm } from "./fulfilment-settings-form";
import { MoneyField, SettingsForm, SwitchField, TextField } from "./settings-form-controls";

const tabLabels: Record<SettingsTab, string> = {
  store: "Cửa hàng",
  legal: "Doanh nghiệp",
  shipping: "Vận chuyển",
  delivery: "Thời gian giao hàng",
  tax: "Thuế",
  currency: "Tiền tệ",
  payment: "Thanh toán",
  fulfilment: "Vận hành COD",
  checkout: "Trang đặt hàng",
  email_templates: "Mẫu email",
  admin_sessions: "Phiên đăng nhập",
};

/**
 * An e-mail template filled with sample data, as the customer would read it. The e-mail feature
 * renders it; the route passes it in (settings sits below e-mail, decision 0048).
 */
export type EmailPreview = (template: { subject: string; body: string }, storeName: string) => { subject: string; text: string };

export function SettingsPage({
  loaderData,
  previewEmail,
}: {
  /** provinces: what a delivery region may name (the address data's list, from the route). */
  loaderData: { settings: Settings; provinces: ProvinceChoice[] };
  previewEmail: EmailPreview;
}) {
  const { settings } = loaderData;
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get("tab") ?? "store";
  const tab = (settingsTabs as readonly string[]).includes(requested) ? (requested as SettingsTab) : "store";

  return (
    <>
      <AdminPageHeader title="Cài đặt" description="Thông tin cửa hàng, phí vận chuyển, thời gian giao hàng, thuế, tiền tệ, mẫu email đơn hàng và phiên đăng nhập." />
      <Tabs
        value={tab}
        onValueChange={(value) => setSearchParams({ tab: value }, { replace: true, preventScrollReset: true })}
        className="max-w-4xl"
      >
        <TabsList aria-label="Nhóm cài đặt">
          {settingsTabs.map((t) => (
            <TabsTrigger key={t} value={t}>
              {tabLabels[t]}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="store">
          <StoreForm value={settings.store} />
        </TabsContent>
        <TabsContent value="legal">
          <LegalForm value={settings.legal} />
        </TabsContent>
        <TabsContent value="shipping">
          <ShippingForm value={settings.shipping} />
        </TabsContent>
        <TabsContent value="delivery">
          <DeliveryRulesForm value={settings.delivery} provinces={loaderData.provinces} />
        </TabsContent>
        <TabsContent value="tax">
          <TaxForm value={settings.tax} />
        </TabsContent>
        <TabsContent value="currency">
          <CurrencyForm value={settings.currency} />
        </TabsContent>
        <TabsContent value="payment" className="flex flex-col gap-6">
          <PaymentPanel />
          <CodLimitsForm value={settings.payment} />
        </TabsContent>
        <TabsContent value="fulfilment">
          <FulfilmentForm value={settings.fulfilment} storeName={settings.store.storeName} />
        </TabsContent>
        <TabsContent value="checkout">
          <CheckoutFieldsForm value={settings.checkout} />
        </TabsContent>
        <TabsContent value="email_templates">
          <EmailTemplatesForm value={settings.email_templates} storeName={settings.store.storeName} previewEmail={previewEmail} />
        </TabsContent>
        <TabsContent value="admin_sessions">
          <AdminSessionsForm value={settings.admin_sessions} />
        </TabsContent>
      </Tabs>
    </>
  );
}

function StoreForm({ value }: { value: Settings["store"] }) {
  return (
    <SettingsForm group="store" title="Thông tin cửa hàng" description="Hiển thị ở chân trang, trong email đơn hàng và dữ liệu có cấu trúc.">
      {(errors) => (
        <>
          <TextField name="storeName" label="Tên cửa hàng" defaultValue={value.storeName} errors={errors} required maxLength={100} />
          <TextField name="email" label="Email" type="email" defaultValue={value.email} errors={errors} autoComplete="off" />
          <TextField name="phone" label="Số điện thoại" type="tel" defaultValue={value.phone} errors={errors} maxLength={30} />
          <TextField name="address" label="Địa chỉ" defaultValue={value.address} errors={errors} maxLength={300} />
          <TextField
            name="social.facebook"
            label="Facebook"
            type="url"
            defaultValue={value.social.facebook}
            errors={errors}
            placeholder="https://facebook.com/…"
          />
          <TextField
            name="social.instagram"
            label="Instagram"
            type="url"
            defaultValue={value.social.instagram}
            errors={errors}
            placeholder="https://instagram.com/…"
          />
        </>
      )}
    </SettingsForm>
  );
}

/** The business details Vietnamese e-commerce rules ask the footer to show (issue 19 item 5). */
function LegalForm({ value }: { value: Settings["legal"] }) {
  return (
    <SettingsForm
      group="legal"
      title="Thông tin doanh nghiệp"
      description="Hiển thị ở chân trang mọi trang cửa hàng, như quy định về website thương mại điện tử bán hàng yêu cầu."
    >
      {(errors) => (
        <>
          <TextField name="businessName" label="Tên doanh nghiệp / hộ kinh doanh" defaultValue={value.businessName} errors={errors} maxLength={200} />
          <TextField
            name="taxCode"
            label="Mã số doanh nghiệp / mã số thuế"
            defaultValue={value.taxCode}
            errors={errors}
            inputMode="numeric"
            maxLength={14}
            hint="10 chữ số; chi nhánh: 10 chữ số, dấu gạch ngang và 3 chữ số."
          />
          <TextField
            name="registration"
            label="Nơi cấp, ngày cấp"
            defaultValue={value.registration}
            errors={errors}
            maxLength={200}
            placeholder="Sở Kế hoạch và Đầu tư TP. Hồ Chí Minh cấp ngày …"
          />
          <TextField name="registeredAddress" label="Địa chỉ đăng ký kinh doanh" defaultValue={value.registeredAddress} errors={errors} maxLength={300} />
          <TextField name="hotline" label="Hotline" type="tel" defaultValue={value.hotline} errors={errors} maxLength={30} />
          <TextField name="email" label="Email liên hệ" type="email" defaultValue={value.email} errors={errors} autoComplete="off" />
          <TextField
            name="moitNotificationUrl"
            label="Liên kết thông báo Bộ Công Thương"
            type="url"
            defaultValue={value.moitNotificationUrl}
            errors={errors}
            placeholder="http://online.gov.vn/Home/WebDetails/…"
            hint="Trang của website trên online.gov.vn sau khi thông báo. Khi có liên kết, chân trang hiện huy hiệu “Đã thông báo Bộ Công Thương”."
          />
        </>
      )}
    </SettingsForm>
  );
}

function ShippingForm({ value }: { value: Settings["shipping"] }) {
  return (
    <SettingsForm
      group="shipping"
      title="Vận chuyển"
      description="Dùng cho thanh tiến độ miễn phí giao hàng, giỏ hàng, thanh toán và thanh thông báo."
    >
      {(errors) => (
        <>
          <MoneyField name="freeShippingThreshold" label="Miễn phí giao hàng từ" value={value.freeShippingThreshold} errors={errors} />
          <MoneyField name="standardFee" label="Phí giao hàng tiêu chuẩn" value={value.standardFee} errors={errors} />
          <MoneyField name="expressFee" label="Phí giao hàng nhanh" value={value.expressFee} errors={errors} />
          <MoneyField name="storePickupFee" label="Phí nhận tại cửa hàng" value={value.storePickupFee} errors={errors} />
          <SwitchField
            name="expressEnabled"
            label="Cho phép giao hàng nhanh"
            description="Khi bật, khách có thể chọn giao hàng nhanh ở bước thanh toán."
            defaultChecked={value.expressEnabled}
          />
        </>
      )}
    </SettingsForm>
  );
}

function TaxForm({ value }: { value: Settings["tax"] }) {
  return (
    <SettingsForm group="tax" title="Thuế" description="Giá bán đã bao gồm VAT; dòng thuế ở giỏ hàng và thanh toán chỉ mang tính thông tin.">
      {(errors) => (
        <TextField
          name="vatRatePercent"
          label="Thuế suất VAT (%)"
          defaultValue={basisPointsToPercent(value.vatRateBasisPoints)}
          errors={errors}
          inputMode="decimal"
          hint={`Đang lưu: ${value.vatRateBasisPoints} điểm cơ bản (1% = 100)`}
          required
        />
      )}
    </SettingsForm>
  );
}

function CurrencyForm({ value }: { value: Settings["currency"] }) {
  return (
    <SettingsForm group="currency" title="Tiền tệ" description="Đơn hàng luôn tính bằng VND; giá USD chỉ để tham khảo.">
      {(errors) => (
        <>
          <TextField
            name="usdExchangeRate"
            label="Tỷ giá tham khảo (đồng cho 1 USD)"
            defaultValue={value.usdExchangeRate}
            errors={errors}
            inputMode="numeric"
            required
          />
          <SwitchField
            name="showUsd"
            label="Hiển thị giá USD"
            description="Cho phép khách xem giá quy đổi sang USD trên cửa hàng."
            defaultChecked={value.showUsd}
          />
        </>
      )}
    </SettingsForm>
  );
}

/** Caps on one cash-on-delivery order (issue 13 item 7): above them the checkout refuses the order. */
function CodLimitsForm({ value }: { value: Settings["payment"] }) {
  return (
    <SettingsForm
      group="payment"
      title="Giới hạn đơn thanh toán khi nhận hàng"
      description="Đơn COD chưa được trả tiền khi đặt: một đơn vượt giới hạn bị từ chối, khách được mời gọi cửa hàng để đặt số lượng lớn."
    >
      {(errors) => (
        <>
          <TextField
            name="codMaxUnits"
            label="Số sản phẩm tối đa mỗi đơn"
            defaultValue={value.codMaxUnits}
            errors={errors}
            inputMode="numeric"
            hint="Tổng số lượng của mọi sản phẩm trong đơn."
            required
          />
          <MoneyField name="codMaxOrderValue" label="Giá trị hàng tối đa mỗi đơn (đ)" value={value.codMaxOrderValue} errors={errors} />
        </>
      )}
    </SettingsForm>
  );
}

function AdminSessionsForm({ value }: { value: Settings["admin_sessions"] }) {
  return (
    <SettingsForm
      group="admin_sessions"
      title="Phiên đăng nhập quản trị"
      description="Sau thời gian này, nhân viên phải đăng nhập lại. Áp dụng ngay cho mọi phiên đang mở."
    >
      {(errors) => (
        <>
          <TextField
            name="idleTimeoutMinutes"
            label="Tự đăng xuất khi không hoạt động (phút)"
            defaultValue={value.idleTimeoutMinutes}
            errors={errors}
            inputMode="numeric"
            hint={`Từ ${ADMIN_SESSION_MIN_IDLE_MINUTES} phút; mặc định ${ADMIN_SESSION_DEFAULT_IDLE_MINUTES} phút`}
            required
          />
          <TextField
            name="absoluteLifetimeHours"
            label="Thời hạn tối đa của một phiên (giờ)"
            defaultValue={value.absoluteLifetimeHours}
            errors={errors}
            inputMode="numeric"
            hint={`Từ ${ADMIN_SESSION_MIN_HOURS} đến ${ADMIN_SESSION_MAX_HOURS} giờ (7 ngày), tính từ lúc đăng nhập; mặc định ${ADMIN_SESSION_DEFAULT_HOURS} giờ`}
            required
          />
          <SwitchField
            name="allowStaySignedIn"
            label="Cho phép “Duy trì đăng nhập trên thiết bị này”"
            description="Trang đăng nhập có ô chọn này; phiên đã chọn không tự đăng xuất khi không hoạt động, chỉ hết hạn theo thời hạn tối đa ở trên. Tắt đi: mọi phiên đều tự đăng xuất khi không hoạt động."
            defaultChecked={value.allowStaySignedIn}
          />
        </>
      )}
    </SettingsForm>
  );
}

function PaymentPanel() {
  const others = [
    { icon: Landmark, label: "Chuyển khoản ngân hàng" },
    { icon: Wallet, label: "Ví điện tử (MoMo, ZaloPay)" },
    { icon: CreditCard, label: "Thẻ tín dụng / ghi nợ" },
  ];
  return (
    <section aria-labelledby="payment-title" className="rounded-xl border border-brand-charcoal/10 bg-white p-5 shadow-xs sm:p-6">
      <h2 id="payment-title" className="text-lg font-bold">
        Phương thức thanh toán
      </h2>
      <ul className="mt-5 flex flex-col gap-3">
        <li className="flex items-center gap-3 rounded-lg border-2 border-brand-teal-strong/40 bg-brand-white p-4">
          <Banknote className="size-6 text-brand-teal-strong" aria-hidden="true" />
          <div className="flex-1">
            <p className="font-medium">Thanh toán khi nhận hàng (COD)</p>
            <p className="text-sm text-brand-cool-gray">Khách thanh toán tiền mặt cho nhân viên giao hàng.</p>
          </div>
          <Badge variant="success">Đang hoạt động</Badge>
        </li>
        {others.map(({ icon: Icon, label }) => (
          <li key={label} className="flex items-center gap-3 rounded-lg border border-brand-charcoal/10 p-4">
            <Icon className="size-6 text-brand-cool-gray" aria-hidden="true" />
            <p className="flex-1 font-medium">{label}</p>
            <Badge variant="neutral">Tính năng đang phát triển</Badge>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The order e-mails, each edited in Vietnamese and, below, in English. */
const orderEmails = [
  { key: "orderConfirmation", title: "Xác nhận đơn hàng" },
  { key: "orderShipped", title: "Đơn hàng đang được giao" },
] as const;

function EmailTemplatesForm({
  value,
  storeName,
  previewEmail,
}: {
  value: Settings["email_templates"];
  storeName: string;
  previewEmail: EmailPreview;
}) {
  return (
    <SettingsForm group="email_templates" title="Mẫu email" description="Email gửi cho khách khi đặt hàng và khi đơn hàng được giao cho đơn vị vận chuyển.">
      {(errors) => (
        <>
          <div className="sm:col-span-2">
            <p className="text-sm font-medium">Biến có thể dùng</p>
            <ul className="mt-2 flex flex-wrap gap-2">
              {emailTemplateVariables.map((v) => (
                <li key={v}>
                  <code className="rounded bg-brand-white px-2 py-1 font-mono text-xs">{`{{${v}}}`}</code>
                </li>
              ))}
            </ul>
          </div>
          {orderEmails.map(({ key, title }) => (
            <TemplateEditor
              key={key}
              name={key}
              title={title}
              value={value[key]}
              errors={errors}
              storeName={storeName}
              previewEmail={previewEmail}
            />
          ))}
          <p className="text-sm text-brand-cool-gray sm:col-span-2">
            Đơn đặt trên trang tiếng Anh (/en) nhận email tiếng Anh. Để trống tiêu đề hoặc nội dung tiếng Anh để gửi bản tiếng Việt.
          </p>
          {orderEmails.map(({ key, title }) => (
            <TemplateEditor
              key={`english.${key}`}
              name={`english.${key}`}
              title={`${title} · English`}
              value={value.english[key]}
              errors={errors}
              storeName={storeName}
              previewEmail={previewEmail}
            />
          ))}
        </>
      )}
    </SettingsForm>
  );
}

function TemplateEditor({
  name,
  title,
  value,
  errors,
  storeName,
  previewEmail,
}: {
  /** The form fields' prefix: a Vietnamese template, or its English edition (optional). */
  name: "orderConfirmation" | "orderShipped" | "english.orderConfirmation" | "english.orderShipped";
  title: string;
  value: { subject: string; body: string };
  errors: Record<string, string>;
  storeName: string;
  previewEmail: EmailPreview;
}) {
  const [subject, setSubject] = useState(value.subject);
  const [body, setBody] = useState(value.body);
  const english = name.startsWith("english.");
  const id = name.replace(".", "-");
  const preview = previewEmail({ subject, body }, storeName);
  return (
    <fieldset className="grid gap-4 rounded-lg border border-brand-charcoal/10 p-4 sm:col-span-2 lg:grid-cols-2">
      <legend className="px-1 font-bold">{title}</legend>
      <div className="flex flex-col gap-4">
        <FormField
          id={`${id}-subject`}
          label={english ? "Tiêu đề · English" : "Tiêu đề"}
          required={!english}
          error={errors[`${name}.subject`]}
        >
          {(control) => (
            <Input {...control} name={`${name}.subject`} value={subject} onChange={(e) => setSubject(e.currentTarget.value)} maxLength={200} />
          )}
        </FormField>
        <FormField
          id={`${id}-body`}
          label={english ? "Nội dung · English" : "Nội dung"}
          required={!english}
          error={errors[`${name}.body`]}
        >
          {(control) => (
            <Textarea {...control} name={`${name}.body`} value={body} onChange={(e) => setBody(e.currentTarget.value)} rows={12} />
          )}
        </FormField>
      </div>
      <section aria-label={`Xem trước: ${title}`} className="flex flex-col gap-2">
        <p className="text-sm font-medium">Xem trước (dữ liệu mẫu)</p>
        <div className="flex-1 rounded-lg bg-brand-white p-4 text-sm">
          <p className="border-b border-brand-charcoal/10 pb-2 font-bold">{preview.subject}</p>
          <p className="mt-3 leading-relaxed whitespace-pre-wrap">{preview.text}</p>
        </div>
      </section>
    </fieldset>
  );
}
