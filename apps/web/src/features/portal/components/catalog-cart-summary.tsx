import type { Cart } from "@cm/contracts/portal-orders";
import { ShoppingCartIcon } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { isBeingPriced } from "@/features/portal/hooks/cart-lines";
import { formatMoney } from "@/lib/format";

const unitsFormatter = new Intl.NumberFormat("en-US");

/** Beside a catalog's header: the store's cart (units and value at their prices), whether it is saving, and the way to it. */
export function CatalogCartSummary({
  cart,
  saving,
  href,
}: {
  cart: Cart | undefined;
  saving: boolean;
  href: string;
}) {
  const units = cart?.units ?? 0;
  return (
    <div className="flex items-center gap-3 sm:flex-col sm:items-end sm:gap-1">
      <Button variant="outline" asChild>
        <Link to={href}>
          <ShoppingCartIcon aria-hidden="true" />
          Cart
          {units > 0 ? (
            <span className="tabular-nums">
              · {unitsFormatter.format(units)} {units === 1 ? "unit" : "units"}
              {/* A typed line has no price until the server answers: no total meanwhile. */}
              {isBeingPriced(cart) ? null : ` · ${formatMoney(cart?.totalWhs)}`}
            </span>
          ) : null}
        </Link>
      </Button>
      <p aria-live="polite" className="text-xs text-muted-foreground">
        {saving ? "Saving…" : ""}
      </p>
    </div>
  );
}
