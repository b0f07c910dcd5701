import { sql, type SQL } from "drizzle-orm";

/**
 * The price rule (DESIGN.md glossary, docs/orders.md "Prices"): what a customer pays for one unit
 * of a style,
 *
 *   unit WHS = the style's wholesale price, or MSRP × the brand's wholesale factor,
 *              × (1 − the organization's discount for the brand / 100)
 *
 * rounded half-up to the cent. A style has a wholesale price of its own when its brand's line list
 * gives one (issue 32, docs/line-list-mapping.md); otherwise it is priced from its MSRP. Orders,
 * order forms and every other screen that shows a WHS price build it here, in SQL, so the
 * arithmetic is PostgreSQL's exact `numeric`; its `round` takes halves away from zero, which for a
 * price is half-up. Null when neither is known: such a style cannot be priced.
 *
 * `wholesalePrice` is the SQL naming the product's `wholesale_price` (e.g. `p.wholesale_price`).
 */
export function unitWhsSql(input: {
  msrp: SQL;
  wholesaleFactor: SQL;
  discountPercent: SQL;
  wholesalePrice: SQL;
}): SQL {
  const beforeDiscount = sql`coalesce(${input.wholesalePrice}, ${input.msrp} * ${input.wholesaleFactor})`;
  return sql`round(${beforeDiscount} * (1 - ${input.discountPercent} / 100), 2)::numeric(12, 2)`;
}

/**
 * The organization's discount for the brand `brandId` (an SQL expression, e.g. `b.id`), in
 * percent: 0 when it gives the brand none. Discounts are the organization's per-brand list
 * (`organizations.discounts`, edited on the customer's page).
 */
export function brandDiscountSql(organizationId: number, brandId: SQL): SQL {
  return sql`coalesce((
    select (entry->>'percentage')::numeric
    from organizations o, jsonb_array_elements(o.discounts) entry
    where o.id = ${organizationId} and (entry->>'brandId')::int = ${brandId}
    limit 1
  ), 0)`;
}

/** The discount of a price before any customer's: an order form shows WHS at the brand's factor. */
export const noDiscountSql = sql`0::numeric`;
