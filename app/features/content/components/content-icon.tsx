import {
  Award,
  BadgeCheck,
  Baby,
  BatteryCharging,
  Briefcase,
  CircleCheck,
  Clock,
  CreditCard,
  Droplets,
  Feather,
  Gift,
  Globe,
  Hand,
  Headset,
  HeartPulse,
  House,
  Leaf,
  Lock,
  Luggage,
  type IconComponent,
  Package,
  Plane,
  RotateCcw,
  ShieldCheck,
  Smile,
  Sparkles,
  Star,
  Sun,
  Timer,
  Truck,
  Users,
  Wallet,
  Zap,
} from "~/components/ui/icons";

/**
 * Icons editors can name in content (features, benefits, indicators). A curated set keeps the
 * bundle small; an unknown name shows the sparkles icon instead of breaking the page.
 */
const icons: Record<string, IconComponent> = {
  award: Award,
  "badge-check": BadgeCheck,
  baby: Baby,
  "battery-charging": BatteryCharging,
  briefcase: Briefcase,
  "circle-check": CircleCheck,
  clock: Clock,
  "credit-card": CreditCard,
  droplets: Droplets,
  feather: Feather,
  gift: Gift,
  globe: Globe,
  hand: Hand,
  headset: Headset,
  "heart-pulse": HeartPulse,
  house: House,
  leaf: Leaf,
  lock: Lock,
  luggage: Luggage,
  package: Package,
  plane: Plane,
  "rotate-ccw": RotateCcw,
  "shield-check": ShieldCheck,
  smile: Smile,
  sparkles: Sparkles,
  star: Star,
  sun: Sun,
  timer: Timer,
  truck: Truck,
  users: Users,
  wallet: Wallet,
  zap: Zap,
};

export const contentIconNames = Object.keys(icons);

/** "ShieldCheck", "shield_check" and "shield-check" all name the same icon. */
export function normalizeIconName(name: string): string {
  return name
    .trim()
    .replace(/([a-z0-9])([A-Z])/g, "$1-$2")
    .replace(/[\s_]+/g, "-")
    .toLowerCase();
}

export function ContentIcon({ name, className }: { name: string; className?: string }) {
  const Icon = icons[normalizeIconName(name)] ?? Sparkles;
  return <Icon className={className} aria-hidden="true" />;
}
