import { Printer } from "~/components/ui/icons";
import { Button } from "~/components/ui/button";
import { ghnLabelSizes, type GhnLabelSize } from "../carrier-accounts.schema";

/**
 * "In nhãn GHN" beside our own label, for a live shipment booked with GHN (decision 0061): each
 * size opens the console route that asks GHN for a print token and goes on to GHN's print page.
 */
export function GhnLabelLinks({ shipmentId }: { shipmentId: string }) {
  return (Object.keys(ghnLabelSizes) as GhnLabelSize[]).map((size) => (
    <Button key={size} asChild size="sm" variant="ghost">
      <a href={`/admin/shipments/${shipmentId}/ghn-label?size=${size}`} target="_blank" rel="noreferrer">
        <Printer className="size-4" aria-hidden="true" />
        {size === "a5" ? "In nhãn GHN" : `In nhãn GHN ${ghnLabelSizes[size].name}`}
      </a>
    </Button>
  ));
}
