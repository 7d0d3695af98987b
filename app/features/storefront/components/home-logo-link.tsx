import { Link } from "react-router";
import { cn } from "~/components/ui/cn";
import { useI18n } from "~/lib/i18n/i18n-context";

/** The shop's logo, a link to the home page in the current language (the store header and the checkout header). */
export function HomeLogoLink({
  storeName,
  className,
  imageClassName,
}: {
  storeName: string;
  className?: string;
  imageClassName: string;
}) {
  const { t, href } = useI18n();
  return (
    <Link
      to={href("/")}
      className={cn("flex items-center rounded-md", className)}
      aria-label={t("chrome.homeOf", { store: storeName })}
    >
      <img src="/images/brand/logo.svg" alt="" width={200} height={40} className={imageClassName} />
    </Link>
  );
}
