-- The line lists' item and placed-item counts and the catalogs' item counts (0014, issue 16) kept
-- by the database: whatever writes line list items or catalog items (the uploads and catalogs
-- services, seeds, plain SQL, a restore) changes them in the same statement, so the line lists
-- page reads one row per line list instead of counting its items.
--
-- A line list or catalog gets its row when it is created; the triggers below only add each
-- statement's changes to existing rows (in line list order, so concurrent writers lock them in the
-- same order). A line list's or catalog's row goes with it (its foreign key cascades), and the
-- deletes of items that the same cascade brings find no row to change. So:
--   - an item counts in its line list from its insert to its delete;
--   - an item is placed while it has a row in any catalog of its line list: the placed count moves
--     by the items that had no row before the statement and have one after, less those that had
--     one and have none after. The line list's row is locked before the items' rows are counted,
--     so a concurrent writer placing or removing the same item waits, then counts with its rows;
--   - a catalog counts its rows;
--   - a TRUNCATE brings the counts it feeds to zero.
-- rebuild_line_list_counts() computes them from scratch (this migration, a restore).
-- Not supported: one statement writing catalog_items twice (two modifying CTEs on it: each
-- trigger counts the items with the other's rows already there).

-- Every new line list and catalog starts from zero.
CREATE FUNCTION "line_lists_count_create"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO line_list_item_counts (line_list_id) SELECT id FROM new_line_lists ORDER BY id;
  RETURN NULL;
END
$$;--> statement-breakpoint

CREATE FUNCTION "catalogs_count_create"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO catalog_item_counts (catalog_id) SELECT id FROM new_catalogs ORDER BY id;
  RETURN NULL;
END
$$;--> statement-breakpoint

-- Adds one delta of items per line list, given as parallel arrays.
CREATE FUNCTION "line_list_item_counts_add"(d_line_list integer[], d_items bigint[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF d_line_list IS NULL THEN
    RETURN;
  END IF;
  PERFORM FROM line_list_item_counts WHERE line_list_id = ANY (d_line_list)
  ORDER BY line_list_id FOR NO KEY UPDATE;
  UPDATE line_list_item_counts c SET items = c.items + d.items
  FROM unnest(d_line_list, d_items) AS d(line_list_id, items)
  WHERE c.line_list_id = d.line_list_id;
END
$$;--> statement-breakpoint

-- Catalog items inserted (sign 1) or deleted (sign -1) by one statement, given as parallel
-- arrays: the catalogs' counts and their line lists' placed counts (see the top of this file).
CREATE FUNCTION "catalog_items_count_changes"(
  d_catalog integer[], d_line_list integer[], d_item integer[], d_sign integer[]
) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF d_item IS NULL THEN
    RETURN;
  END IF;
  PERFORM FROM line_list_item_counts WHERE line_list_id = ANY (d_line_list)
  ORDER BY line_list_id FOR NO KEY UPDATE;
  UPDATE catalog_item_counts c SET items = c.items + d.items
  FROM (
    SELECT catalog_id, sum(sign) AS items FROM unnest(d_catalog, d_sign) AS u(catalog_id, sign)
    GROUP BY 1 HAVING sum(sign) <> 0
  ) d
  WHERE c.catalog_id = d.catalog_id;
  UPDATE line_list_item_counts c SET placed_items = c.placed_items + d.placed
  FROM (
    SELECT i.line_list_id, sum((held.n > 0)::int - (held.n - i.delta > 0)::int) AS placed
    FROM (
      SELECT line_list_id, item_id, sum(sign) AS delta
      FROM unnest(d_line_list, d_item, d_sign) AS u(line_list_id, item_id, sign)
      GROUP BY 1, 2 HAVING sum(sign) <> 0
    ) i
    CROSS JOIN LATERAL (
      SELECT count(*) AS n FROM catalog_items ci WHERE ci.line_list_item_id = i.item_id
    ) held
    GROUP BY 1
    HAVING sum((held.n > 0)::int - (held.n - i.delta > 0)::int) <> 0
  ) d
  WHERE c.line_list_id = d.line_list_id;
END
$$;--> statement-breakpoint

CREATE FUNCTION "rebuild_line_list_counts"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE line_list_item_counts, catalog_item_counts;
  INSERT INTO line_list_item_counts (line_list_id, items, placed_items)
  SELECT l.id,
    (SELECT count(*) FROM line_list_items i WHERE i.line_list_id = l.id),
    (SELECT count(DISTINCT ci.line_list_item_id) FROM catalog_items ci WHERE ci.line_list_id = l.id)
  FROM line_lists l;
  INSERT INTO catalog_item_counts (catalog_id, items)
  SELECT c.id, (SELECT count(*) FROM catalog_items ci WHERE ci.catalog_id = c.id)
  FROM catalogs c;
END
$$;--> statement-breakpoint

-- Line list items inserted, updated (moved to another line list, which only plain SQL can do) or
-- deleted. (A transition table exists only for the events that have it, hence a statement per event.)
CREATE FUNCTION "line_list_items_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM line_list_item_counts_add(array_agg(d.line_list_id), array_agg(d.items))
    FROM (SELECT line_list_id, count(*) AS items FROM new_items GROUP BY 1) d;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM line_list_item_counts_add(array_agg(d.line_list_id), array_agg(d.items))
    FROM (SELECT line_list_id, -count(*) AS items FROM old_items GROUP BY 1) d;
  ELSE
    PERFORM line_list_item_counts_add(array_agg(d.line_list_id), array_agg(d.items))
    FROM (
      SELECT line_list_id, sum(sign) AS items
      FROM (
        SELECT line_list_id, 1 AS sign FROM new_items
        UNION ALL
        SELECT line_list_id, -1 FROM old_items
      ) c
      GROUP BY 1 HAVING sum(sign) <> 0
    ) d;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint

-- Catalog items inserted, updated or deleted.
CREATE FUNCTION "catalog_items_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM catalog_items_count_changes(
      array_agg(catalog_id), array_agg(line_list_id), array_agg(line_list_item_id), array_agg(1))
    FROM new_items;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM catalog_items_count_changes(
      array_agg(catalog_id), array_agg(line_list_id), array_agg(line_list_item_id), array_agg(-1))
    FROM old_items;
  ELSE
    PERFORM catalog_items_count_changes(
      array_agg(c.catalog_id), array_agg(c.line_list_id), array_agg(c.line_list_item_id), array_agg(c.sign))
    FROM (
      SELECT catalog_id, line_list_id, line_list_item_id, 1 AS sign FROM new_items
      UNION ALL
      SELECT catalog_id, line_list_id, line_list_item_id, -1 FROM old_items
    ) c;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint

CREATE FUNCTION "line_list_items_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE line_list_item_counts SET items = 0 WHERE items <> 0;
  RETURN NULL;
END
$$;--> statement-breakpoint

CREATE FUNCTION "catalog_items_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE line_list_item_counts SET placed_items = 0 WHERE placed_items <> 0;
  UPDATE catalog_item_counts SET items = 0 WHERE items <> 0;
  RETURN NULL;
END
$$;--> statement-breakpoint

CREATE TRIGGER "line_lists_count_create" AFTER INSERT ON "line_lists"
  REFERENCING NEW TABLE AS new_line_lists FOR EACH STATEMENT EXECUTE FUNCTION line_lists_count_create();--> statement-breakpoint
CREATE TRIGGER "catalogs_count_create" AFTER INSERT ON "catalogs"
  REFERENCING NEW TABLE AS new_catalogs FOR EACH STATEMENT EXECUTE FUNCTION catalogs_count_create();--> statement-breakpoint
CREATE TRIGGER "line_list_items_count_insert" AFTER INSERT ON "line_list_items"
  REFERENCING NEW TABLE AS new_items FOR EACH STATEMENT EXECUTE FUNCTION line_list_items_count();--> statement-breakpoint
CREATE TRIGGER "line_list_items_count_update" AFTER UPDATE ON "line_list_items"
  REFERENCING OLD TABLE AS old_items NEW TABLE AS new_items
  FOR EACH STATEMENT EXECUTE FUNCTION line_list_items_count();--> statement-breakpoint
CREATE TRIGGER "line_list_items_count_delete" AFTER DELETE ON "line_list_items"
  REFERENCING OLD TABLE AS old_items FOR EACH STATEMENT EXECUTE FUNCTION line_list_items_count();--> statement-breakpoint
CREATE TRIGGER "line_list_items_count_truncate" AFTER TRUNCATE ON "line_list_items"
  FOR EACH STATEMENT EXECUTE FUNCTION line_list_items_truncated();--> statement-breakpoint
CREATE TRIGGER "catalog_items_count_insert" AFTER INSERT ON "catalog_items"
  REFERENCING NEW TABLE AS new_items FOR EACH STATEMENT EXECUTE FUNCTION catalog_items_count();--> statement-breakpoint
CREATE TRIGGER "catalog_items_count_update" AFTER UPDATE ON "catalog_items"
  REFERENCING OLD TABLE AS old_items NEW TABLE AS new_items
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_items_count();--> statement-breakpoint
CREATE TRIGGER "catalog_items_count_delete" AFTER DELETE ON "catalog_items"
  REFERENCING OLD TABLE AS old_items FOR EACH STATEMENT EXECUTE FUNCTION catalog_items_count();--> statement-breakpoint
CREATE TRIGGER "catalog_items_count_truncate" AFTER TRUNCATE ON "catalog_items"
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_items_truncated();--> statement-breakpoint

SELECT rebuild_line_list_counts();
