-- Size scales (issue 32, docs/line-list-format.md "Size scales"): each brand's sizes as ordered
-- steps, each with its labels per size system, and widths as a second ordered axis.
--
-- A product's size stays the label its line list gave (`product_sizes.size`); what places it in
-- its brand's scale is `size_scale_labels`, one row per label a brand's products use: the scale,
-- the step's order and label, and the width's order. Screens order a product's sizes by joining
-- it on (brand, label), so rearranging a scale rewrites its few dozen label rows, never the
-- millions of product sizes.
--
-- The database keeps the list of labels whole: every statement that writes product sizes adds
-- the labels it brings that the brand has not used yet, unplaced (scale_id null). Placing them
-- needs the size reader (`@cm/contracts/size-scales`), so the server does it: in the transaction
-- that saves a line list (`recordSizesInScale`) and, for labels written any other way, at start.
-- This migration lists every label existing products use; the first start after it builds each
-- brand's scale from them.

CREATE TABLE "size_scales" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "size_scales_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"brand_id" integer NOT NULL,
	"name" text NOT NULL,
	"systems" text[] DEFAULT '{}'::text[] NOT NULL,
	"widths" text[] DEFAULT '{}'::text[] NOT NULL,
	"steps" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "size_scale_labels" (
	"brand_id" integer NOT NULL,
	"label" text NOT NULL,
	"scale_id" integer,
	"step_order" integer,
	"step_label" text,
	"width" text,
	"width_order" integer,
	CONSTRAINT "size_scale_labels_brand_id_label_pk" PRIMARY KEY("brand_id","label")
);
--> statement-breakpoint
ALTER TABLE "size_scales" ADD CONSTRAINT "size_scales_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "size_scale_labels" ADD CONSTRAINT "size_scale_labels_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "size_scale_labels" ADD CONSTRAINT "size_scale_labels_scale_id_size_scales_id_fk" FOREIGN KEY ("scale_id") REFERENCES "public"."size_scales"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "size_scales_brand_name_unique" ON "size_scales" USING btree ("brand_id","name");--> statement-breakpoint
CREATE INDEX "size_scale_labels_scale_idx" ON "size_scale_labels" USING btree ("scale_id");--> statement-breakpoint
-- The labels still to place: none, almost always, so the start's check reads an empty index.
CREATE INDEX "size_scale_labels_unplaced_idx" ON "size_scale_labels" USING btree ("brand_id") WHERE "scale_id" IS NULL;--> statement-breakpoint

-- Each statement's new labels, once per brand, in key order so concurrent writers lock alike.
CREATE FUNCTION "product_sizes_note_labels"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO size_scale_labels (brand_id, label)
  SELECT DISTINCT p.brand_id, n.size FROM new_sizes n JOIN products p ON p.id = n.product_id
  ORDER BY 1, 2
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint

CREATE FUNCTION "product_size_note_label"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO size_scale_labels (brand_id, label)
  SELECT p.brand_id, NEW.size FROM products p WHERE p.id = NEW.product_id
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint

CREATE TRIGGER "product_sizes_note_labels" AFTER INSERT ON "product_sizes"
  REFERENCING NEW TABLE AS new_sizes FOR EACH STATEMENT EXECUTE FUNCTION product_sizes_note_labels();--> statement-breakpoint
-- A row trigger: a statement trigger with a transition table would run on every update of the
-- table (quantities, say), and sizes are relabelled rarely, one at a time.
CREATE TRIGGER "product_size_note_label" AFTER UPDATE OF "size", "product_id" ON "product_sizes"
  FOR EACH ROW WHEN (OLD.size IS DISTINCT FROM NEW.size OR OLD.product_id IS DISTINCT FROM NEW.product_id)
  EXECUTE FUNCTION product_size_note_label();--> statement-breakpoint

-- A placed row written over a noted one (a restore loads product sizes, whose trigger notes their
-- labels, before this table) takes its place instead of breaking the key.
CREATE FUNCTION "size_scale_labels_replace_noted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.scale_id IS NOT NULL THEN
    DELETE FROM size_scale_labels
    WHERE brand_id = NEW.brand_id AND label = NEW.label AND scale_id IS NULL;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint

CREATE TRIGGER "size_scale_labels_replace_noted" BEFORE INSERT ON "size_scale_labels"
  FOR EACH ROW EXECUTE FUNCTION size_scale_labels_replace_noted();--> statement-breakpoint

-- Every label existing products use, unplaced: one pass over the sizes.
INSERT INTO "size_scale_labels" ("brand_id", "label")
SELECT DISTINCT p.brand_id, ps.size FROM product_sizes ps JOIN products p ON p.id = ps.product_id;
