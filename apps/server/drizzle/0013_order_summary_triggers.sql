-- The orders dashboard's per-month summaries (0012, issue 16) kept by the database: whatever writes
-- orders or their lines (the orders service, seeds, plain SQL, a restore) changes them in the same
-- statement, so the dashboard reads a month's few summary rows instead of its orders and lines.
--
-- Statement triggers with transition tables add each statement's changes as one aggregated delta
-- per summary row (`insert … on conflict do update`, keys in order so concurrent writers lock them
-- in the same order); a row brought back to nothing is deleted, so the summaries hold exactly what
-- rebuild_order_summaries() computes from scratch. A line counts in the month of its order's
-- `placed_at` (in the zone of `order_summary_settings`) while its order is not cancelled; an
-- order's lines are always counted with the order's current row, so:
--   - a change of lines reads the orders row (locked FOR SHARE: a concurrent change of the order
--     waits, then sees the lines);
--   - a change of an order's status or month moves its lines from the old cell to the new one;
--   - a deleted order takes its lines off before its row goes (a row trigger: once the statement
--     ends, the cascade has deleted the lines and the order's row is gone, so the lines' own
--     trigger finds no order for them and leaves them alone);
--   - a TRUNCATE empties the summary it feeds.
-- The product's model code is copied for the ranking's ties; a row trigger follows a change of it.
-- rebuild_order_summaries() computes both from scratch (this migration, a change of zone, a restore).
-- Not supported: lines written in the same statement as their order's change (a CTE writing both:
-- each trigger sees the other table as it was before), and concurrent plain-SQL writers of one
-- order in REPEATABLE READ (the orders service locks the order first).

INSERT INTO "order_summary_settings" ("id", "time_zone") VALUES (true, 'UTC');--> statement-breakpoint

CREATE FUNCTION "order_summary_zone"() RETURNS text LANGUAGE sql STABLE AS $$
  SELECT "time_zone" FROM "order_summary_settings"
$$;--> statement-breakpoint

-- Adds one delta per (month, product), given as parallel arrays.
CREATE FUNCTION "order_month_products_add"(
  d_month date[], d_product integer[], d_model_code text[], d_units bigint[], d_total numeric[]
) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  zeroed date[];
BEGIN
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

-- Adds one delta per (month, organization), given as parallel arrays.
CREATE FUNCTION "order_month_organizations_add"(
  d_month date[], d_organization integer[], d_monobrand bigint[], d_multibrand bigint[],
  d_units bigint[], d_total numeric[]
) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  zeroed date[];
BEGIN
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

CREATE FUNCTION "rebuild_order_summaries"() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  zone text := order_summary_zone();
BEGIN
  TRUNCATE order_month_products, order_month_organizations;
  INSERT INTO order_month_products (month, product_id, model_code, units, total_whs)
  SELECT date_trunc('month', o.placed_at AT TIME ZONE zone)::date, l.product_id, p.model_code, sum(l.quantity), sum(l.quantity * l.unit_whs)
  FROM order_lines l
  JOIN orders o ON o.id = l.order_id
  JOIN products p ON p.id = l.product_id
  WHERE o.status <> 'cancelled'
  GROUP BY 1, 2, 3;
  INSERT INTO order_month_organizations
    (month, organization_id, monobrand_orders, multibrand_orders, units, total_whs)
  SELECT date_trunc('month', o.placed_at AT TIME ZONE zone)::date, o.organization_id,
    count(*) FILTER (WHERE NOT o.multibrand), count(*) FILTER (WHERE o.multibrand),
    sum(o.units), sum(o.total_whs)
  FROM orders o
  WHERE o.status <> 'cancelled'
  GROUP BY 1, 2;
END
$$;--> statement-breakpoint

-- Lines inserted, updated or deleted: each counted with its order's current row. (A transition
-- table exists only for the events that have it, hence a statement per event.)
CREATE FUNCTION "order_lines_summarize"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  zone text := order_summary_zone();
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM FROM orders o WHERE o.id IN (SELECT order_id FROM new_lines) ORDER BY o.id FOR SHARE;
    PERFORM order_month_products_add(
      array_agg(d.month), array_agg(d.product_id), array_agg(d.model_code), array_agg(d.units),
      array_agg(d.total))
    FROM (
      SELECT date_trunc('month', o.placed_at AT TIME ZONE zone)::date AS month, l.product_id, p.model_code, sum(l.quantity) AS units,
        sum(l.quantity * l.unit_whs) AS total
      FROM new_lines l
      JOIN orders o ON o.id = l.order_id
      JOIN products p ON p.id = l.product_id
      WHERE o.status <> 'cancelled'
      GROUP BY 1, 2, 3
    ) d;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM FROM orders o WHERE o.id IN (SELECT order_id FROM old_lines) ORDER BY o.id FOR SHARE;
    PERFORM order_month_products_add(
      array_agg(d.month), array_agg(d.product_id), array_agg(d.model_code), array_agg(d.units),
      array_agg(d.total))
    FROM (
      SELECT date_trunc('month', o.placed_at AT TIME ZONE zone)::date AS month, l.product_id, p.model_code, -sum(l.quantity) AS units,
        -sum(l.quantity * l.unit_whs) AS total
      FROM old_lines l
      JOIN orders o ON o.id = l.order_id
      JOIN products p ON p.id = l.product_id
      WHERE o.status <> 'cancelled'
      GROUP BY 1, 2, 3
    ) d;
  ELSE
    PERFORM FROM orders o
    WHERE o.id IN (SELECT order_id FROM new_lines UNION SELECT order_id FROM old_lines)
    ORDER BY o.id FOR SHARE;
    PERFORM order_month_products_add(
      array_agg(d.month), array_agg(d.product_id), array_agg(d.model_code), array_agg(d.units),
      array_agg(d.total))
    FROM (
      SELECT date_trunc('month', o.placed_at AT TIME ZONE zone)::date AS month, l.product_id, p.model_code, sum(l.quantity) AS units,
        sum(l.quantity * l.unit_whs) AS total
      FROM (
        SELECT order_id, product_id, quantity, unit_whs FROM new_lines
        UNION ALL
        SELECT order_id, product_id, -quantity, unit_whs FROM old_lines
      ) l
      JOIN orders o ON o.id = l.order_id
      JOIN products p ON p.id = l.product_id
      WHERE o.status <> 'cancelled'
      GROUP BY 1, 2, 3
      HAVING sum(l.quantity) <> 0 OR sum(l.quantity * l.unit_whs) <> 0
    ) d;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint

-- Orders inserted, updated or deleted: their own figures per month and organization, and on an
-- update the lines of orders that entered or left the counts or changed month.
CREATE FUNCTION "orders_summarize"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  zone text := order_summary_zone();
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM order_month_organizations_add(
      array_agg(d.month), array_agg(d.organization_id), array_agg(d.monobrand),
      array_agg(d.multibrand), array_agg(d.units), array_agg(d.total))
    FROM (
      SELECT date_trunc('month', n.placed_at AT TIME ZONE zone)::date AS month, n.organization_id,
        count(*) FILTER (WHERE NOT n.multibrand) AS monobrand,
        count(*) FILTER (WHERE n.multibrand) AS multibrand,
        sum(n.units) AS units, sum(n.total_whs) AS total
      FROM new_orders n
      WHERE n.status <> 'cancelled'
      GROUP BY 1, 2
    ) d;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM order_month_organizations_add(
      array_agg(d.month), array_agg(d.organization_id), array_agg(d.monobrand),
      array_agg(d.multibrand), array_agg(d.units), array_agg(d.total))
    FROM (
      SELECT date_trunc('month', o.placed_at AT TIME ZONE zone)::date AS month, o.organization_id,
        -count(*) FILTER (WHERE NOT o.multibrand) AS monobrand,
        -count(*) FILTER (WHERE o.multibrand) AS multibrand,
        -sum(o.units) AS units, -sum(o.total_whs) AS total
      FROM old_orders o
      WHERE o.status <> 'cancelled'
      GROUP BY 1, 2
    ) d;
  ELSE
    PERFORM order_month_organizations_add(
      array_agg(d.month), array_agg(d.organization_id), array_agg(d.monobrand),
      array_agg(d.multibrand), array_agg(d.units), array_agg(d.total))
    FROM (
      SELECT date_trunc('month', c.placed_at AT TIME ZONE zone)::date AS month, c.organization_id,
        sum(CASE WHEN c.multibrand THEN 0 ELSE c.sign END) AS monobrand,
        sum(CASE WHEN c.multibrand THEN c.sign ELSE 0 END) AS multibrand,
        sum(c.sign * c.units) AS units, sum(c.sign * c.total_whs) AS total
      FROM (
        SELECT 1 AS sign, placed_at, organization_id, multibrand, units, total_whs, status
        FROM new_orders
        UNION ALL
        SELECT -1, placed_at, organization_id, multibrand, units, total_whs, status FROM old_orders
      ) c
      WHERE c.status <> 'cancelled'
      GROUP BY 1, 2
      HAVING sum(CASE WHEN c.multibrand THEN 0 ELSE c.sign END) <> 0
        OR sum(CASE WHEN c.multibrand THEN c.sign ELSE 0 END) <> 0
        OR sum(c.sign * c.units) <> 0 OR sum(c.sign * c.total_whs) <> 0
    ) d;
    PERFORM order_month_products_add(
      array_agg(d.month), array_agg(d.product_id), array_agg(d.model_code), array_agg(d.units),
      array_agg(d.total))
    FROM (
      SELECT moved.month, l.product_id, p.model_code, sum(moved.sign * l.quantity) AS units,
        sum(moved.sign * l.quantity * l.unit_whs) AS total
      FROM (
        SELECT n.id, 1 AS sign, date_trunc('month', n.placed_at AT TIME ZONE zone)::date AS month
        FROM new_orders n JOIN old_orders o ON o.id = n.id
        WHERE n.status <> 'cancelled' AND (o.status = 'cancelled' OR date_trunc('month', o.placed_at AT TIME ZONE zone)::date <> date_trunc('month', n.placed_at AT TIME ZONE zone)::date)
        UNION ALL
        SELECT o.id, -1, date_trunc('month', o.placed_at AT TIME ZONE zone)::date
        FROM old_orders o JOIN new_orders n ON n.id = o.id
        WHERE o.status <> 'cancelled' AND (n.status = 'cancelled' OR date_trunc('month', o.placed_at AT TIME ZONE zone)::date <> date_trunc('month', n.placed_at AT TIME ZONE zone)::date)
      ) moved
      JOIN order_lines l ON l.order_id = moved.id
      JOIN products p ON p.id = l.product_id
      GROUP BY 1, 2, 3
      HAVING sum(moved.sign * l.quantity) <> 0 OR sum(moved.sign * l.quantity * l.unit_whs) <> 0
    ) d;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint

-- An order about to be deleted takes its counted lines off (see the top of this file).
CREATE FUNCTION "orders_unsummarize_lines"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  zone text := order_summary_zone();
BEGIN
  IF OLD.status <> 'cancelled' THEN
    PERFORM order_month_products_add(
      array_agg(d.month), array_agg(d.product_id), array_agg(d.model_code), array_agg(d.units),
      array_agg(d.total))
    FROM (
      SELECT date_trunc('month', OLD.placed_at AT TIME ZONE zone)::date AS month, l.product_id, p.model_code, -sum(l.quantity) AS units,
        -sum(l.quantity * l.unit_whs) AS total
      FROM order_lines l
      JOIN products p ON p.id = l.product_id
      WHERE l.order_id = OLD.id
      GROUP BY 1, 2, 3
    ) d;
  END IF;
  RETURN OLD;
END
$$;--> statement-breakpoint

CREATE FUNCTION "order_lines_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE order_month_products;
  RETURN NULL;
END
$$;--> statement-breakpoint

CREATE FUNCTION "orders_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE order_month_organizations;
  RETURN NULL;
END
$$;--> statement-breakpoint

-- Products keep their model code (uploads match on it); should one change, its copies follow.
CREATE FUNCTION "products_model_code_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE order_month_products SET model_code = NEW.model_code WHERE product_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint

CREATE TRIGGER "order_lines_summarize_insert" AFTER INSERT ON "order_lines"
  REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION order_lines_summarize();--> statement-breakpoint
CREATE TRIGGER "order_lines_summarize_update" AFTER UPDATE ON "order_lines"
  REFERENCING OLD TABLE AS old_lines NEW TABLE AS new_lines
  FOR EACH STATEMENT EXECUTE FUNCTION order_lines_summarize();--> statement-breakpoint
CREATE TRIGGER "order_lines_summarize_delete" AFTER DELETE ON "order_lines"
  REFERENCING OLD TABLE AS old_lines FOR EACH STATEMENT EXECUTE FUNCTION order_lines_summarize();--> statement-breakpoint
CREATE TRIGGER "order_lines_summarize_truncate" AFTER TRUNCATE ON "order_lines"
  FOR EACH STATEMENT EXECUTE FUNCTION order_lines_truncated();--> statement-breakpoint
CREATE TRIGGER "orders_summarize_insert" AFTER INSERT ON "orders"
  REFERENCING NEW TABLE AS new_orders FOR EACH STATEMENT EXECUTE FUNCTION orders_summarize();--> statement-breakpoint
CREATE TRIGGER "orders_summarize_update" AFTER UPDATE ON "orders"
  REFERENCING OLD TABLE AS old_orders NEW TABLE AS new_orders
  FOR EACH STATEMENT EXECUTE FUNCTION orders_summarize();--> statement-breakpoint
CREATE TRIGGER "orders_summarize_delete" AFTER DELETE ON "orders"
  REFERENCING OLD TABLE AS old_orders FOR EACH STATEMENT EXECUTE FUNCTION orders_summarize();--> statement-breakpoint
CREATE TRIGGER "orders_unsummarize_lines" BEFORE DELETE ON "orders"
  FOR EACH ROW EXECUTE FUNCTION orders_unsummarize_lines();--> statement-breakpoint
CREATE TRIGGER "orders_summarize_truncate" AFTER TRUNCATE ON "orders"
  FOR EACH STATEMENT EXECUTE FUNCTION orders_truncated();--> statement-breakpoint
CREATE TRIGGER "products_model_code_changed" AFTER UPDATE OF "model_code" ON "products"
  FOR EACH ROW WHEN (OLD.model_code IS DISTINCT FROM NEW.model_code)
  EXECUTE FUNCTION products_model_code_changed();--> statement-breakpoint

SELECT rebuild_order_summaries();
