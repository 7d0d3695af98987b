import { Languages } from "~/components/ui/icons";
import { Link, useLocation } from "react-router";
import { cn } from "~/components/ui/cn";
import { useI18n } from "~/lib/i18n/i18n-context";
import { localizedPath, pathWithoutLocale, type Locale } from "~/lib/i18n/locale";

const SHORT_NAME: Record<Locale, string> = { vi: "VI", en: "EN" };

/**
 * The same page in the other language (query and hash kept). The cart and checkout progress live
 * on the server, so they come along unchanged. `inMenu`: the phone menu's larger, flush-left text.
 */
export function LanguageSwitch({
  className,
  inMenu = false,
  onSwitch,
}: {
  className?: string;
  inMenu?: boolean;
  onSwitch?: () => void;
}) {
  const { t, locale } = useI18n();
  const { pathname, search, hash } = useLocation();
  const other: Locale = locale === "vi" ? "en" : "vi";
  return (
    <Link
      to={localizedPath(pathWithoutLocale(pathname) + search + hash, other)}
      hrefLang={other}
      lang={other}
      title={t("language.switchTo")}
      onClick={onSwitch}
      data-testid="language-switch"
      className={cn(
        "inline-flex min-h-11 items-center gap-1.5 rounded-full font-bold hover:bg-brand-charcoal/5",
        inMenu ? "text-sm" : "px-2 text-xs",
        className,
      )}
    >
      <Languages className="size-4" aria-hidden="true" />
      <span aria-hidden="true" className="sm:hidden">
        {t("language.otherName")}
      </span>
      <span aria-hidden="true" className="hidden sm:inline">
        {SHORT_NAME[other]}
      </span>
      <span className="sr-only">{t("language.otherName")}</span>
    </Link>
  );
}
