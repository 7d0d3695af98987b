import { useEffect, useRef, useState, type ComponentProps, type FormEvent } from "react";
import { Link, useFetcher, useNavigate } from "react-router";
import { Button } from "~/components/ui/button";
import { Input, Textarea } from "~/components/ui/input";
import { TextField } from "~/components/ui/text-field";
import type { ActionFeedbackResult } from "~/components/ui/use-action-feedback";
import type { AddressValue } from "~/features/address/address.schema";
import { AddressFields } from "~/features/address/components/address-fields";
import { useI18n } from "~/lib/i18n/i18n-context";
import { digitsOnly } from "~/lib/phone";
import {
  addressCodesOf,
  informationErrors,
  informationValues,
  updateCheckoutData,
  type CheckoutData,
} from "../checkout-store";
import type { CheckoutFieldsSettings } from "~/features/settings/settings.schema";
import { GIFT_MESSAGE_MAX, type CheckoutSettings } from "../checkout.schema";
import { CheckoutShell, useCheckoutStep } from "./checkout-shell";
import { useDeliverToProvince } from "./use-deliver-to-province";

/** The server's answer to step 1: ok, or the field errors of the shared schemas (and of the address codes). */
type InformationCheck = ActionFeedbackResult;

/** The fields in the order the page shows them (the first with an error gets the focus). */
function fieldOrderOf(fields: CheckoutFieldsSettings): string[] {
  const order = [
    "email",
    "fullName",
    "lastName",
    "firstName",
    "address",
    "province",
    "district",
    "ward",
    "postalCode",
    "phone",
  ];
  const rest = ["giftMessage", "vatCompanyName", "vatTaxCode", "vatCompanyAddress"];
  return fields.phoneFirst ? ["phone", ...order.filter((f) => f !== "phone"), ...rest] : [...order, ...rest];
}

/** Checkout step 1: contact, delivery address, gift and VAT options; checked in the browser, then by the server. */
export function InformationStep({ settings }: { settings: CheckoutSettings }) {
  const { t, text, href, locale } = useI18n();
  const { fields } = settings;
  const { data, cart, ready } = useCheckoutStep(1, fields);
  const navigate = useNavigate();
  const fetcher = useFetcher<InformationCheck>();
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  useDeliverToProvince();

  const clientErrors = informationErrors(data, fields);
  const serverErrors = (fetcher.data && !fetcher.data.ok && fetcher.data.fieldErrors) || {};
  const errors: Record<string, string> = { ...serverErrors, ...clientErrors };
  /** A field's error in the page's language (the schemas' messages are catalogue keys). */
  const show = (field: string) => {
    const message = submitted || touched.has(field) ? errors[field] : undefined;
    return message ? text(message) : undefined;
  };
  const touch = (field: string) => setTouched((t) => (t.has(field) ? t : new Set(t).add(field)));

  const set = (partial: Partial<CheckoutData>) => updateCheckoutData(partial);
  const bind = (
    field:
      | "email"
      | "fullName"
      | "firstName"
      | "lastName"
      | "company"
      | "address"
      | "city"
      | "postalCode"
      | "vatCompanyName"
      | "vatCompanyAddress",
  ) => ({
    value: data[field],
    onChange: (e: { target: { value: string } }) => {
      set({ [field]: e.target.value });
      touch(field);
    },
    onBlur: () => touch(field),
  });
  type BoundField = Parameters<typeof bind>[0];
  /** A text field bound to the checkout data, in the wrapper the first-error focus looks for. */
  const checkedField = (
    field: BoundField,
    props: Omit<ComponentProps<typeof TextField>, "id" | "value" | "onChange" | "onBlur" | "error">,
    className?: string,
  ) => (
    <div data-field={field} className={className}>
      <TextField id={field} error={show(field)} {...props} {...bind(field)} />
    </div>
  );

  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) navigate(href("/checkout/shipping"));
  }, [fetcher.state, fetcher.data, navigate, href]);

  const focusFirstError = () => {
    const first = fieldOrderOf(fields).find((f) => errors[f]);
    if (!first) return;
    requestAnimationFrame(() => {
      const el = formRef.current?.querySelector<HTMLElement>(
        `[data-field="${first}"] input, [data-field="${first}"] textarea, [data-field="${first}"] button, #${first}`,
      );
      el?.focus();
    });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(clientErrors).length > 0) {
      focusFirstError();
      return;
    }
    fetcher.submit(
      {
        information: informationValues(data),
        address: addressCodesOf(data),
      },
      { method: "post", encType: "application/json" },
    );
  };

  const phoneField = (
    <div data-field="phone">
      <TextField
        id="phone"
        label={t("checkout.information.phone")}
        type="tel"
        autoComplete="tel-national"
        inputMode="numeric"
        placeholder="0912345678"
        value={data.phone}
        onChange={(e) => {
          set({ phone: digitsOnly(e.target.value) });
          touch("phone");
        }}
        onBlur={() => touch("phone")}
        error={show("phone")}
      />
    </div>
  );
  const firstNameField = checkedField("firstName", {
    label: t("checkout.information.firstName"),
    autoComplete: "given-name",
  });
  const lastNameField = checkedField("lastName", {
    label: t("checkout.information.lastName"),
    autoComplete: "family-name",
  });

  return (
    <CheckoutShell step={1} settings={settings} data={data} cart={cart} ready={ready}>
      <form
        ref={formRef}
        noValidate
        onSubmit={onSubmit}
        className="flex flex-col gap-8"
        aria-labelledby="information-title"
      >
        <h1 id="information-title" className="sr-only">
          {t("checkout.information.title")}
        </h1>
        <section className="flex flex-col gap-4" aria-labelledby="contact-title">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="contact-title" className="text-xl font-bold">
              {t("checkout.information.contact")}
            </h2>
            <p className="text-sm">
              {/* Guest checkout has no accounts: a past order is found by its number and phone. */}
              {t("checkout.information.orderedBefore")}{" "}
              <Link
                to={href("/order-lookup")}
                className="inline-flex min-h-11 items-center font-medium text-brand-teal-strong underline underline-offset-4"
              >
                {t("checkout.information.lookUpOrder")}
              </Link>
            </p>
          </div>
          {fields.phoneFirst && phoneField}
          {fields.email !== "hidden" &&
            checkedField("email", {
              label: t(
                fields.email === "required" ? "checkout.information.email" : "checkout.information.emailOptional",
              ),
              hint: fields.email === "optional" ? t("checkout.information.emailOptionalHint") : undefined,
              type: "email",
              autoComplete: "email",
              inputMode: "email",
            })}
        </section>

        <section className="flex flex-col gap-4" aria-labelledby="delivery-title">
          <h2 id="delivery-title" className="text-xl font-bold">
            {t("checkout.information.deliveryAddress")}
          </h2>
          <div className="flex flex-col gap-1.5">
            <label htmlFor="country" className="text-sm font-medium">
              {t("checkout.information.country")}
            </label>
            <Input
              id="country"
              value={t("checkout.information.countryValue")}
              readOnly
              className="bg-brand-charcoal/5"
            />
          </div>
          {fields.nameFields === "full" ? (
            checkedField("fullName", { label: t("checkout.information.fullName"), autoComplete: "name" })
          ) : (
            // A Vietnamese name is written family name first ("Họ", then "Tên").
            <div className="grid gap-4 sm:grid-cols-2">
              {locale === "vi" ? (
                <>
                  {lastNameField}
                  {firstNameField}
                </>
              ) : (
                <>
                  {firstNameField}
                  {lastNameField}
                </>
              )}
            </div>
          )}
          {fields.company !== "hidden" && (
            <TextField
              id="company"
              label={t("checkout.information.company")}
              autoComplete="organization"
              {...bind("company")}
            />
          )}
          {checkedField("address", {
            label: t("checkout.information.address"),
            autoComplete: "street-address",
            placeholder: t("checkout.information.addressPlaceholder"),
          })}
          <TextField id="city" label={t("checkout.information.city")} autoComplete="address-level2" {...bind("city")} />
          <div data-field="province">
            <AddressFields
              value={data.location}
              onChange={(location: AddressValue) => {
                set({ location });
                touch("province");
                if (location.provinceCode) touch("district");
                if (location.districtCode || (location.structure === "current" && location.provinceCode)) touch("ward");
              }}
              errors={{ province: show("province"), district: show("district"), ward: show("ward") }}
            />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            {fields.postalCode !== "hidden" &&
              checkedField("postalCode", {
                label: t(
                  fields.postalCode === "required"
                    ? "checkout.information.postalCode"
                    : "checkout.information.postalCodeOptional",
                ),
                autoComplete: "postal-code",
                inputMode: "numeric",
              })}
            {!fields.phoneFirst && phoneField}
          </div>
        </section>

        <section className="flex flex-col gap-4" aria-label={t("checkout.information.options")}>
          <label className="flex min-h-11 cursor-pointer items-center gap-3">
            <input
              type="checkbox"
              checked={data.isGift}
              onChange={(e) => set({ isGift: e.target.checked })}
              className="size-5 accent-brand-teal-strong"
            />
            {t("checkout.information.isGift")}
          </label>
          {data.isGift && (
            <div className="flex flex-col gap-1.5" data-field="giftMessage">
              <label htmlFor="giftMessage" className="text-sm font-medium">
                {t("checkout.information.giftMessage")}
              </label>
              <Textarea
                id="giftMessage"
                value={data.giftMessage}
                maxLength={GIFT_MESSAGE_MAX}
                rows={3}
                onChange={(e) => set({ giftMessage: e.target.value })}
                aria-describedby="giftMessage-count"
              />
              <p id="giftMessage-count" className="text-right text-xs text-brand-cool-gray">
                {data.giftMessage.length}/{GIFT_MESSAGE_MAX}
              </p>
            </div>
          )}
          <label className="flex min-h-11 cursor-pointer items-center gap-3">
            <input
              type="checkbox"
              checked={data.vatInvoice}
              onChange={(e) => set({ vatInvoice: e.target.checked })}
              className="size-5 accent-brand-teal-strong"
            />
            {t("checkout.information.vatInvoice")}
          </label>
          {data.vatInvoice && (
            <div className="grid gap-4 rounded-xl border border-brand-charcoal/10 p-4 sm:grid-cols-2">
              {checkedField("vatCompanyName", { label: t("checkout.information.vatCompanyName") }, "sm:col-span-2")}
              <div data-field="vatTaxCode">
                <TextField
                  id="vatTaxCode"
                  label={t("checkout.information.vatTaxCode")}
                  inputMode="numeric"
                  hint={t("checkout.information.vatTaxCodeHint")}
                  value={data.vatTaxCode}
                  onChange={(e) => {
                    set({ vatTaxCode: digitsOnly(e.target.value) });
                    touch("vatTaxCode");
                  }}
                  onBlur={() => touch("vatTaxCode")}
                  error={show("vatTaxCode")}
                />
              </div>
              {checkedField(
                "vatCompanyAddress",
                { label: t("checkout.information.vatCompanyAddress") },
                "sm:col-span-2",
              )}
            </div>
          )}
        </section>

        <div className="flex flex-col-reverse items-stretch gap-3 sm:flex-row sm:items-center sm:justify-between">
          <a
            href={href("/cart")}
            className="inline-flex min-h-11 items-center justify-center text-sm font-medium text-brand-teal-strong hover:underline"
          >
            {t("checkout.information.returnToCart")}
          </a>
          <Button type="submit" size="lg" disabled={fetcher.state !== "idle"}>
            {fetcher.state !== "idle" ? t("checkout.checking") : t("checkout.information.continue")}
          </Button>
        </div>
      </form>
    </CheckoutShell>
  );
}
