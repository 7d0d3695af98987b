import { NavLink } from "react-router";
import { cn } from "~/components/ui/cn";
import { useI18n } from "~/lib/i18n/i18n-context";
import { navItems } from "../nav-items";

/** The menu's links: in the sheet (with JavaScript) and in the <details> panel (without). */
export function MobileNavList({ onNavigate }: { onNavigate?: () => void }) {
  const { t, href } = useI18n();
  return (
    <ul className="flex flex-col">
      {navItems.map((item) => (
        <li key={item.to}>
          <NavLink
            to={href(item.to)}
            end={item.to === "/"}
            onClick={onNavigate}
            className={({ isActive }) =>
              cn(
                "flex min-h-12 items-center rounded-lg px-4 text-base font-bold tracking-widest hover:bg-brand-white",
                isActive && "bg-brand-white text-brand-teal-strong",
              )
            }
          >
            {t(item.label)}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
