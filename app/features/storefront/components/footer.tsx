import { BadgeCheck, ChevronDown, Clock, Mail, MapPin, PackageSearch, Phone } from "~/components/ui/icons";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { NewsletterForm, type NewsletterNotice } from "~/features/newsletter/components/newsletter-form";
import { FacebookIcon, InstagramIcon } from "~/components/ui/social-icons";
import { useI18n } from "~/lib/i18n/i18n-context";
import { pathWithoutLocale } from "~/lib/i18n/locale";

/** The pages that end with a newsletter block of their own (SPEC: "All products" ends with one). */
const OWN_NEWSLETTER_PATHS = new Set(["/shop"]);

/** True on a page whose own newsletter block would make the footer's band a second one in a row. */
export function hasOwnNewsletter(pathname: string): boolean {
  return OWN_NEWSLETTER_PATHS.has(pathWithoutLocale(pathname).replace(/\/$/, ""));
}

export interface FooterLink {
  text: string;
  url: string;
}

export interface FooterProps {
  storeName: string;
  tagline: string | null;
  newsletter: { heading: string; description: string; buttonText: string; notice?: NewsletterNotice | null } | null;
  aboutLinks: FooterLink[] | null;
  supportLinks: FooterLink[] | null;
  contact: {
    supportHours: string;
    supportEmail: string;
    buttonText: string;
    facebook: string;
    instagram: string;
  } | null;
  store: { email: string; phone: string; address: string };
  /** The published policies (issue 19), in the page's language, with site paths. */
  policyLinks: FooterLink[];
  /** The business behind the shop, as Vietnamese e-commerce rules ask (settings, "Doanh nghiệp"). */
  legal: FooterLegal;
  copyright: string | null;
}

export interface FooterLegal {
  businessName: string;
  taxCode: string;
  registration: string;
  registeredAddress: string;
  hotline: string;
  email: string;
  /** The shop's notification on the Ministry of Industry and Trade's portal; "" shows no badge. */
  moitNotificationUrl: string;
}

/** On phones the link lists fold into accordions showing the first four links of each. */
const MOBILE_LINKS = 4;

export function Footer(props: FooterProps) {
  const { storeName, tagline, newsletter, aboutLinks, supportLinks, contact, store, policyLinks, legal, copyright } = props;
  const { t, href } = useI18n();
  const lists = [
    { id: "about", title: t("footer.about"), links: aboutLinks },
    { id: "support", title: t("footer.support"), links: supportLinks },
  ].filter((list): list is { id: string; title: string; links: FooterLink[] } => !!list.links && list.links.length > 0);
  const contactEmail = store.email || contact?.supportEmail || "";

  return (
    <footer className="bg-brand-charcoal text-white">
      {newsletter && <NewsletterBand {...newsletter} />}

      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 on-dark md:grid-cols-2 md:px-6 lg:grid-cols-[1.4fr_1fr_1fr_1.2fr] lg:py-16">
        <div className="flex flex-col gap-5">
          <Link to={href("/")} aria-label={t("chrome.homeOf", { store: storeName })} className="w-fit rounded-md">
            <img
              src="/images/brand/logo-white.svg"
              alt=""
              width={200}
              height={40}
              className="h-10 w-auto"
              loading="lazy"
            />
          </Link>
          {tagline && <p className="max-w-sm text-sm leading-relaxed text-white/80">{tagline}</p>}
          <address className="flex flex-col gap-2 text-sm text-white/80 not-italic">
            {store.address && (
              <span className="flex gap-2">
                <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                {store.address}
              </span>
            )}
            {store.phone && (
              <a
                href={`tel:${store.phone.replace(/[^\d+]/g, "")}`}
                className="flex w-fit gap-2 hover:text-white hover:underline"
              >
                <Phone className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                {store.phone}
              </a>
            )}
            {store.email && (
              <a href={`mailto:${store.email}`} className="flex w-fit gap-2 hover:text-white hover:underline">
                <Mail className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                {store.email}
              </a>
            )}
          </address>
          <Link
            to={href("/order-lookup")}
            data-testid="footer-track-order"
            className="flex min-h-11 w-fit items-center gap-2 text-sm font-medium text-white hover:underline"
          >
            <PackageSearch className="size-4 shrink-0" aria-hidden="true" />
            {t("chrome.trackOrder")}
          </Link>
        </div>

        {/* Wide screens: every link. */}
        {lists.map((list) => (
          <div key={list.id} className="hidden md:block">
            <h2 className="mb-4 text-sm font-bold tracking-[0.18em] uppercase">{list.title}</h2>
            <FooterLinks links={list.links} />
          </div>
        ))}

        {/* Phones: collapsible lists with the first four links of each (native <details>: no script needed). */}
        {lists.length > 0 && (
          <div className="border-t border-white/15 md:hidden">
            {lists.map((list) => (
              <details key={list.id} className="group border-b border-white/15">
                <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between gap-4 py-3 text-left text-sm font-bold tracking-[0.18em] uppercase [&::-webkit-details-marker]:hidden">
                  {list.title}
                  <ChevronDown
                    className="size-4 shrink-0 transition-transform duration-200 group-open:rotate-180"
                    aria-hidden="true"
                  />
                </summary>
                <div className="pb-4">
                  <FooterLinks links={list.links.slice(0, MOBILE_LINKS)} />
                </div>
              </details>
            ))}
          </div>
        )}

        {contact && (
          <div className="flex flex-col gap-4">
            <h2 className="text-sm font-bold tracking-[0.18em] uppercase">{t("footer.contact")}</h2>
            <p className="flex gap-2 text-sm text-white/80">
              <Clock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              {contact.supportHours}
            </p>
            {contactEmail && (
              <Button asChild variant="light" size="md" className="w-fit">
                <a href={`mailto:${contactEmail}`}>
                  <Mail className="size-4" aria-hidden="true" />
                  {contact.buttonText}
                </a>
              </Button>
            )}
            <ul className="flex gap-2" aria-label={t("footer.social")}>
              {contact.facebook && (
                <li>
                  <SocialLink href={contact.facebook} label={t("footer.onFacebook", { store: storeName })}>
                    <FacebookIcon className="size-5" aria-hidden="true" />
                  </SocialLink>
                </li>
              )}
              {contact.instagram && (
                <li>
                  <SocialLink href={contact.instagram} label={t("footer.onInstagram", { store: storeName })}>
                    <InstagramIcon className="size-5" aria-hidden="true" />
                  </SocialLink>
                </li>
              )}
            </ul>
          </div>
        )}
      </div>

      <LegalBand legal={legal} policyLinks={policyLinks} copyright={copyright} />
    </footer>
  );
}

/**
 * The bottom band: the policies, the business details (name, enterprise code, registered address,
 * hotline, e-mail) and, when its link is set, the "Đã thông báo Bộ Công Thương" badge, then the copyright.
 */
function LegalBand({ legal, policyLinks, copyright }: { legal: FooterLegal; policyLinks: FooterLink[]; copyright: string | null }) {
  const { t, href } = useI18n();
  // "Mã số doanh nghiệp: 0318123456, Sở … cấp ngày …" (the code with who issued it and when).
  const enterprise = legal.taxCode ? t("footer.taxCode", { code: [legal.taxCode, legal.registration].filter(Boolean).join(", ") }) : "";
  return (
    <div className="border-t border-white/15">
      <div className="mx-auto flex max-w-7xl flex-col gap-5 px-4 py-6 text-xs text-white/75 md:px-6">
        {policyLinks.length > 0 && (
          <nav aria-label={t("footer.policies")}>
            <ul className="flex flex-wrap gap-x-5">
              {policyLinks.map((link) => (
                <li key={link.url}>
                  <Link
                    to={href(link.url)}
                    className="inline-flex min-h-9 items-center text-sm text-white/80 hover:text-white hover:underline"
                  >
                    {link.text}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <div className="flex flex-col gap-4 md:flex-row md:items-start md:justify-between">
          <section aria-label={t("footer.business")} className="flex flex-col gap-1 leading-relaxed" data-testid="footer-legal">
            {legal.businessName && <p className="font-bold text-white/90">{legal.businessName}</p>}
            {enterprise && <p>{enterprise}</p>}
            {legal.registeredAddress && <p>{t("footer.registeredAddress", { address: legal.registeredAddress })}</p>}
            {(legal.hotline || legal.email) && (
              <p className="flex flex-wrap gap-x-4">
                {legal.hotline && (
                  <a href={`tel:${legal.hotline.replace(/[^\d+]/g, "")}`} className="inline-flex min-h-6 items-center hover:text-white hover:underline">
                    {t("footer.hotline", { phone: legal.hotline })}
                  </a>
                )}
                {legal.email && (
                  <a href={`mailto:${legal.email}`} className="inline-flex min-h-6 items-center hover:text-white hover:underline">
                    {t("footer.email", { email: legal.email })}
                  </a>
                )}
              </p>
            )}
          </section>
          {legal.moitNotificationUrl && (
            <a
              href={legal.moitNotificationUrl}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t("footer.moitBadgeLabel")}
              className="inline-flex w-fit shrink-0 items-center gap-2 rounded-md border border-white/40 bg-white px-3 py-2 text-xs font-bold text-brand-charcoal hover:bg-white/90"
            >
              <BadgeCheck className="size-5 shrink-0 text-brand-teal-strong" aria-hidden="true" />
              {t("footer.moitBadge")}
            </a>
          )}
        </div>
        {copyright && <p className="text-center md:text-left">{copyright}</p>}
      </div>
    </div>
  );
}

function NewsletterBand({
  heading,
  description,
  buttonText,
  notice,
}: {
  heading: string;
  description: string;
  buttonText: string;
  notice?: NewsletterNotice | null;
}) {
  return (
    <section aria-labelledby="footer-newsletter-heading" className="bg-brand-mint-green text-brand-charcoal">
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-10 md:flex-row md:items-start md:justify-between md:px-6">
        <div className="max-w-xl">
          <h2 id="footer-newsletter-heading" className="text-2xl font-bold md:text-3xl">
            {heading}
          </h2>
          <p className="mt-2 text-sm md:text-base">{description}</p>
        </div>
        {/* Works without JavaScript too: the /newsletter route stores the sign-up and redirects back. */}
        <NewsletterForm source="footer" buttonText={buttonText} notice={notice} />
      </div>
    </section>
  );
}

function FooterLinks({ links }: { links: FooterLink[] }) {
  const { href } = useI18n();
  return (
    <ul className="flex flex-col gap-1">
      {links.map((link) => (
        <li key={`${link.text}-${link.url}`}>
          {isInternal(link.url) ? (
            <Link
              to={href(link.url)}
              className="inline-flex min-h-9 items-center text-sm text-white/80 hover:text-white hover:underline"
            >
              {link.text}
            </Link>
          ) : (
            <a
              href={link.url}
              className="inline-flex min-h-9 items-center text-sm text-white/80 hover:text-white hover:underline"
            >
              {link.text}
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}

function SocialLink({ href, label, children }: { href: string; label: string; children: React.ReactNode }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={label}
      className="inline-flex size-11 items-center justify-center rounded-full border border-white/30 hover:bg-white hover:text-brand-charcoal"
    >
      {children}
    </a>
  );
}

function isInternal(url: string): boolean {
  return url.startsWith("/") && !url.startsWith("//");
}
