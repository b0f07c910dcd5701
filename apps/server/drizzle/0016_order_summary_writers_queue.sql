-- Writers of the orders dashboard's summaries (0013) take one transaction-scoped advisory lock
-- before they change a summary row, so they change them one transaction at a time.
--
-- Each statement already changed its summary rows in key order, but a transaction changes them
-- in several statements: an order's row, then its lines; a replacement's deleted lines, then its
-- inserted ones. Two transactions writing orders of the same customer or lines of the same
-- products then each held a row the other wanted next, and PostgreSQL ended one of them as a
-- deadlock (`npm run bench:mixed` answered 12 order writes of 5,755 requests with 500, and
-- concurrent-edits.test.ts reproduces it). The lock is taken where a summary row is first
-- changed and held to the commit, so a second writer waits for the first to finish instead.
-- Every writer takes the same single lock, and takes it after the rows it locks itself (its
-- order, FOR UPDATE in the orders service), so waiting for it closes no cycle. The orders of one
-- month share their summary rows anyway: one lock for all costs nothing a finer one would save.
-- The key is the application's advisory lock range (db/seed.ts, db/client.ts, roles).

CREATE OR REPLACE FUNCTION "order_summaries_lock"() RETURNS void LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock(7240016)
$$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION "order_month_products_add"(
  d_month date[], d_product integer[], d_model_code text[], d_units bigint[], d_total numeric[]
) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  zeroed date[];
BEGIN
  IF d_month IS NULL THEN
    RETURN;
  END IF;
  PERFORM order_summaries_lock();
  WITH changed AS (
    INSERT INTO order_month_products AS s (month, product_id, model_code, units, total_whs)
    SELECT * FROM unnest(d_month, d_product, d_model_code, d_units, d_total) ORDER BY 1, 2
    ON CONFLICT (month, product_id) DO UPDATE
      SET units = s.units + excluded.units, total_whs = s.total_whs + excluded.total_whs
    RETURNING s.month, s.units
  )
  SELECT array_agg(DISTINCT month) INTO zeroed FROM changed WHERE units = 0;
  IF zeroed IS NOT NULL THEN
    DELETE FROM order_month_products WHERE month = ANY (zeroed) AND units = 0;
  END IF;
END
$$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION "order_month_organizations_add"(
  d_month date[], d_organization integer[], d_monobrand bigint[], d_multibrand bigint[],
  d_units bigint[], d_total numeric[]
) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  zeroed date[];
BEGIN
  IF d_month IS NULL THEN
    RETURN;
  END IF;
  PERFORM order_summaries_lock();
  WITH changed AS (
    INSERT INTO order_month_organizations AS s
      (month, organization_id, monobrand_orders, multibrand_orders, units, total_whs)
    SELECT * FROM unnest(d_month, d_organization, d_monobrand, d_multibrand, d_units, d_total)
    ORDER BY 1, 2
    ON CONFLICT (month, organization_id) DO UPDATE
      SET monobrand_orders = s.monobrand_orders + excluded.monobrand_orders,
        multibrand_orders = s.multibrand_orders + excluded.multibrand_orders,
        units = s.units + excluded.units,
        total_whs = s.total_whs + excluded.total_whs
    RETURNING s.month, s.monobrand_orders, s.multibrand_orders
  )
  SELECT array_agg(DISTINCT month) INTO zeroed FROM changed
  WHERE monobrand_orders = 0 AND multibrand_orders = 0;
  IF zeroed IS NOT NULL THEN
    DELETE FROM order_month_organizations
    WHERE month = ANY (zeroed) AND monobrand_orders = 0 AND multibrand_orders = 0;
  END IF;
END
$$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION "products_model_code_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM order_summaries_lock();
  UPDATE order_month_products SET model_code = NEW.model_code WHERE product_id = NEW.id;
  RETURN NULL;
END
$$;
