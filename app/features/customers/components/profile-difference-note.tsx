import { TriangleAlert } from "~/components/ui/icons";
import { Link } from "react-router";
import type { CustomerAddress } from "~/db/schema/customers";
import { PROFILE_DIFFERS_TITLE, profileFieldLabels, type ProfileField } from "../customers.schema";
import { formatCustomerAddress } from "./customer-address";

/**
 * On an order's page: the order's contact or address is not the customer's profile (anyone can
 * order with anyone's e-mail). Names each field that differs and what the profile holds.
 */
export function ProfileDifferenceNote({
  customerId,
  differences,
}: {
  customerId: string;
  differences: {
    fields: ProfileField[];
    profile: { name: string; phone: string | null; address: CustomerAddress | null };
  };
}) {
  if (differences.fields.length === 0) return null;
  const { profile } = differences;
  const profileValue: Record<ProfileField, string> = {
    name: profile.name,
    phone: profile.phone ?? "—",
    address: profile.address ? formatCustomerAddress(profile.address) : "—",
  };
  return (
    <section
      role="note"
      aria-labelledby="profile-differs-title"
      data-testid="profile-differs"
      className="mb-6 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-brand-charcoal"
    >
      <h2 id="profile-differs-title" className="flex items-center gap-2 font-bold">
        <TriangleAlert className="size-4 shrink-0 text-amber-700" aria-hidden="true" />
        {PROFILE_DIFFERS_TITLE}
      </h2>
      <p className="mt-1">
        Đơn này dùng {differences.fields.map((f) => profileFieldLabels[f]).join(", ")} khác với hồ sơ. Thông tin giao
        hàng của đơn vẫn là thông tin trong đơn; hồ sơ không bị thay đổi.
      </p>
      <dl className="mt-2 flex flex-col gap-1">
        {differences.fields.map((field) => (
          <div key={field} className="grid grid-cols-[9rem_minmax(0,1fr)] gap-2">
            <dt className="text-brand-cool-gray first-letter:uppercase">{profileFieldLabels[field]} trong hồ sơ</dt>
            <dd className="break-words">{profileValue[field]}</dd>
          </div>
        ))}
      </dl>
      <Link
        to={`/admin/customers/${customerId}`}
        className="mt-2 inline-block font-medium text-brand-teal-strong hover:underline"
      >
        Xem hồ sơ khách hàng
      </Link>
    </section>
  );
}
