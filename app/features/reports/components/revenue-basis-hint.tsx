import { Link } from "react-router";
import { REVENUE_BASIS_SETTINGS_URL, revenueBasisExplanations, type RevenueBasis } from "../reports.schema";

/**
 * Under a revenue figure (dashboard, reports): what it counts, and where the shop changes that
 * (`settingsLink` false inside a card that is itself a link: no link in a link).
 */
export function RevenueBasisHint({ basis, settingsLink = true }: { basis: RevenueBasis; settingsLink?: boolean }) {
  if (!settingsLink) return <>{revenueBasisExplanations[basis]}</>;
  return (
    <>
      {revenueBasisExplanations[basis]}{" "}
      <Link
        to={REVENUE_BASIS_SETTINGS_URL}
        className="font-medium text-brand-teal-strong underline-offset-2 hover:underline"
      >
        Đổi trong Cài đặt
      </Link>
    </>
  );
}
