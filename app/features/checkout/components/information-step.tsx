import { useCallback, useEffect, useRef, useState, type ComponentProps, type FormEvent } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Input, Textarea } from "~/components/ui/input";
import { TextField } from "~/components/ui/text-field";
import type { AddressValue } from "~/features/address/address-value";
import { AddressFields } from "~/features/address/components/address-fields";
import { AddressSelects } from "~/features/address/components/address-selects";
import type { CheckoutFieldsSettings } from "~/features/settings/settings.schema";
import { useI18n } from "~/lib/i18n/i18n-context";
import { digitsOnly } from "~/lib/digits";
import {
  INFORMATION_FIELDS,
  progressFromForm,
  type AddressChoices,
  type CheckoutStepData,
  type StepRefusal,
} from "../checkout-progress";
import { GIFT_MESSAGE_MAX } from "../checkout-rules";
import type * as CheckoutValidation from "../checkout-validation";
import { CheckoutShell } from "./checkout-shell";
import { useDeliverToProvince } from "./use-deliver-to-province";
import { useHydrated } from "~/components/ui/use-hydrated";

type Validation = typeof CheckoutValidation;

/** A ticked option whose fields (the next sibling in its group) show by CSS alone. */
function OptionCheckbox({ name, defaultChecked, label }: { name: string; defaultChecked: boolean; label: string }) {
  return (
    <label className="flex min-h-11 cursor-pointer items-center gap-3">
      <input type="checkbox" name={name} defaultChecked={defaultChecked} className="size-5 accent-brand-teal-strong" />
      {label}
    </label>
  );
}

/**
 * The shared schemas, loaded when the shopper first reaches into the form: zod and the phone
 * rules are not part of the page's first load (the server checks every post anyway).
 */
function useValidationOnDemand(): [Validation | null, () => void] {
  const [validation, setValidation] = useState<Validation | null>(null);
  const requested = useRef(false);
  const load = useCallback(() => {
    if (requested.current) return;
    requested.current = true;
    import("../checkout-validation").then(
      (module) => setValidation(module),
      () => {
        // Offline or a stale build: the form still posts and the server answers with its messages.
        requested.current = false;
      },
    );
  }, []);
  return [validation, load];
}

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

interface InformationStepProps extends CheckoutStepData {
  addressChoices: AddressChoices;
  /** The server's refusal of the last post: field messages (catalogue keys) and the values as typed. */
  refused: { fieldErrors?: Record<string, string>; result?: StepRefusal } | null;
}

/** Focuses a field of the form by the wrapper's `data-field` (the address's first control for province, district, ward). */
function focusField(form: HTMLFormElement | null, name: string): void {
  const wrapper = `[data-field="${name}"]`;
  form
    ?.querySelector<HTMLElement>(`${wrapper} input, ${wrapper} select, ${wrapper} textarea, ${wrapper} button`)
    ?.focus();
}

/** Which error a changed form field may now show (the address codes report under province, district, ward). */
const errorKeyOf = (name: string) =>
  ({ provinceCode: "province", districtCode: "district", wardCode: "ward" })[name] ?? name;

/**
 * Checkout step 1: contact, delivery address, gift and VAT options, as one form posted to the
 * step's action (checked by the shared schemas, saved with the server cart). Without JavaScript
 * the address is a set of native selects the server fills and the server's messages show after
 * the post; with it, searchable comboboxes, and the same schemas check each field as it is typed.
 */
export function InformationStep({ settings, cart, progress, discount, addressChoices, refused }: InformationStepProps) {
  const { t, text, href, locale } = useI18n();
  const { fields } = settings;
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formMethod === "POST";
  const formRef = useRef<HTMLFormElement>(null);
  const values = refused?.result?.values ?? progress;
  const [location, setLocation] = useState<AddressValue>(values.location);
  const [giftLength, setGiftLength] = useState(values.giftMessage.length);
  useDeliverToProvince(location, setLocation);

  // With JavaScript: the fields as typed, checked by the shared schemas; a field's message shows
  // once it was touched or a continue was tried. The server's messages stay for untouched fields
  // (e.g. a ward that does not belong to the province, which only the server can tell).
  const [typed, setTyped] = useState(values);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [validation, loadValidation] = useValidationOnDemand();
  const clientErrors = validation ? validation.informationErrors({ ...typed, location }, fields) : {};
  const serverErrors = refused?.fieldErrors ?? {};
  const touch = (...keys: string[]) =>
    setTouched((now) => (keys.every((k) => now.has(k)) ? now : new Set([...now, ...keys])));
  const errorOf = (field: string): string | undefined => {
    if (hydrated && (submitted || touched.has(field)))
      return clientErrors[field] ?? (touched.has(field) ? undefined : serverErrors[field]);
    return serverErrors[field];
  };
  /** A field's error in the page's language (the schemas' messages are catalogue keys). */
  const show = (field: string) => {
    const message = errorOf(field);
    return message ? text(message) : undefined;
  };
  const readForm = (form: HTMLFormElement) =>
    setTyped((before) => progressFromForm(before, new FormData(form), INFORMATION_FIELDS));
  const onFieldEvent = (event: FormEvent<HTMLFormElement>) => {
    const name = (event.target as HTMLInputElement).name;
    if (!name || name === "intent") return;
    touch(errorKeyOf(name));
    readForm(event.currentTarget);
  };
  const chooseLocation = (next: AddressValue) => {
    setLocation(next);
    touch(
      "province",
      ...(next.provinceCode ? ["district"] : []),
      ...(next.districtCode || (next.structure === "current" && next.provinceCode) ? ["ward"] : []),
    );
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    setSubmitted(true);
    readForm(event.currentTarget);
    // Not loaded yet (a tap straight on "continue"): the server checks the post.
    if (!validation) return;
    const errors = validation.informationErrors(
      { ...progressFromForm(typed, new FormData(event.currentTarget), INFORMATION_FIELDS), location },
      fields,
    );
    const first = fieldOrderOf(fields).find((f) => errors[f]);
    if (!first) return;
    // Checked here already: the post would only be refused.
    event.preventDefault();
    focusField(formRef.current, first);
  };

  // After a refused post, the first field in error gets the focus.
  useEffect(() => {
    if (!refused?.fieldErrors) return;
    const first = fieldOrderOf(fields).find((f) => refused.fieldErrors?.[f]);
    if (first) focusField(formRef.current, first);
  }, [refused, fields]);

  type TextFieldName =
    | "email"
    | "fullName"
    | "firstName"
    | "lastName"
    | "company"
    | "address"
    | "city"
    | "postalCode"
    | "phone"
    | "vatCompanyName"
    | "vatTaxCode"
    | "vatCompanyAddress";
  /** A text field of the form with its saved (or just typed) value, in the wrapper the first-error focus looks for. */
  const field = (
    name: TextFieldName,
    props: Omit<ComponentProps<typeof TextField>, "id" | "name" | "defaultValue" | "error">,
    className?: string,
  ) => (
    <div data-field={name} className={className}>
      <TextField id={name} name={name} defaultValue={values[name]} error={show(name)} {...props} />
    </div>
  );

  /** Digits only as typed ("0912 345-678" → "0912345678"); without JavaScript the server reads the number the same way. */
  const keepDigits = (event: FormEvent<HTMLInputElement>) => {
    event.currentTarget.value = digitsOnly(event.currentTarget.value);
  };
  const phoneField = field("phone", {
    label: t("checkout.information.phone"),
    type: "tel",
    autoComplete: "tel-national",
    inputMode: "numeric",
    placeholder: "0912345678",
    onInput: keepDigits,
  });
  const firstNameField = field("firstName", { label: t("checkout.information.firstName"), autoComplete: "given-name" });
  const lastNameField = field("lastName", { label: t("checkout.information.lastName"), autoComplete: "family-name" });
  const addressErrors = { province: show("province"), district: show("district"), ward: show("ward") };

  return (
    <CheckoutShell step={1} settings={settings} cart={cart} discount={discount} shippingMethod={null}>
      <Form
        ref={formRef}
        method="post"
        noValidate
        onFocus={loadValidation}
        onChange={onFieldEvent}
        onBlur={onFieldEvent}
        onSubmit={onSubmit}
        className="flex flex-col gap-8"
        aria-labelledby="information-title"
      >
        {/* Enter in a field continues (the first submit button is the form's default, before "Choose"). */}
        <button type="submit" name="intent" value="continue" tabIndex={-1} aria-hidden="true" className="sr-only" />
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
            field("email", {
              label: t(
                fields.email === "required" ? "checkout.information.email" : "checkout.information.emailOptional",
              ),
              hint: fields.email === "optional" ? t("checkout.information.emailOptionalHint") : undefined,
              type: "email",
              autoComplete: "email",
              inputMode: "email",
            })}
        </section>

        <section id="delivery-address" className="flex flex-col gap-4" aria-labelledby="delivery-title">
          <h2 id="delivery-title" className="text-xl font-bold">
            {t("checkout.information.deliveryAddress")}
          </h2>
          <div className="flex flex-col gap-1.5">
            <label htmlFor="country" className="text-sm font-medium">
              {t("checkout.information.country")}
            </label>
            <Input id="country" value={t("checkout.information.countryValue")} readOnly />
          </div>
          {fields.nameFields === "full" ? (
            field("fullName", { label: t("checkout.information.fullName"), autoComplete: "name" })
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
          {fields.company !== "hidden" &&
            field("company", { label: t("checkout.information.company"), autoComplete: "organization" })}
          {field("address", {
            label: t("checkout.information.address"),
            autoComplete: "street-address",
            placeholder: t("checkout.information.addressPlaceholder"),
          })}
          {fields.city !== "hidden" &&
            field("city", { label: t("checkout.information.city"), autoComplete: "address-level2" })}
          <div data-field="province">
            {hydrated ? (
              <AddressFields value={location} onChange={chooseLocation} errors={addressErrors} />
            ) : (
              <AddressSelects
                value={location}
                choices={addressChoices}
                chooseIntent="choose-province"
                errors={addressErrors}
              />
            )}
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            {fields.postalCode !== "hidden" &&
              field("postalCode", {
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
          {/* The optional fields show while their box is ticked, by CSS alone (no JavaScript needed). */}
          <div className="group/gift flex flex-col gap-4">
            <OptionCheckbox name="isGift" defaultChecked={values.isGift} label={t("checkout.information.isGift")} />
            <div className="hidden flex-col gap-1.5 group-has-[:checked]/gift:flex" data-field="giftMessage">
              <label htmlFor="giftMessage" className="text-sm font-medium">
                {t("checkout.information.giftMessage")}
              </label>
              <Textarea
                id="giftMessage"
                name="giftMessage"
                defaultValue={values.giftMessage}
                maxLength={GIFT_MESSAGE_MAX}
                rows={3}
                onChange={(e) => setGiftLength(e.target.value.length)}
                aria-invalid={show("giftMessage") ? true : undefined}
                aria-describedby="giftMessage-count"
              />
              <p id="giftMessage-count" className="text-right text-xs text-brand-cool-gray">
                {giftLength}/{GIFT_MESSAGE_MAX}
              </p>
              {show("giftMessage") && <p className="text-sm text-red-700">{show("giftMessage")}</p>}
            </div>
          </div>
          <div className="group/vat flex flex-col gap-4">
            <OptionCheckbox
              name="vatInvoice"
              defaultChecked={values.vatInvoice}
              label={t("checkout.information.vatInvoice")}
            />
            <div className="hidden gap-4 rounded-xl border border-brand-charcoal/10 p-4 group-has-[:checked]/vat:grid sm:grid-cols-2">
              {field("vatCompanyName", { label: t("checkout.information.vatCompanyName") }, "sm:col-span-2")}
              {field("vatTaxCode", {
                label: t("checkout.information.vatTaxCode"),
                inputMode: "numeric",
                hint: t("checkout.information.vatTaxCodeHint"),
                onInput: keepDigits,
              })}
              {field("vatCompanyAddress", { label: t("checkout.information.vatCompanyAddress") }, "sm:col-span-2")}
            </div>
          </div>
        </section>

        <div className="flex flex-col-reverse items-stretch gap-3 sm:flex-row sm:items-center sm:justify-between">
          <a
            href={href("/cart")}
            className="inline-flex min-h-11 items-center justify-center text-sm font-medium text-brand-teal-strong hover:underline"
          >
            {t("checkout.information.returnToCart")}
          </a>
          <Button type="submit" name="intent" value="continue" size="lg" disabled={submitting}>
            {submitting ? t("checkout.checking") : t("checkout.information.continue")}
          </Button>
        </div>
      </Form>
    </CheckoutShell>
  );
}
