import { segmentationMessages, type CatalogCounts } from "@cm/contracts/catalog-segmentation";
import { catalogTypeLabels, catalogTypeValues } from "@cm/contracts/catalogs";
import type { LineList } from "@cm/contracts/line-lists";
import { CircleCheckIcon } from "lucide-react";
import { Link } from "react-router";
import { RequirePermission } from "@/components/require-permission";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { paths } from "@/config/paths";

export interface SaveCatalogsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  lineList: LineList;
  counts: CatalogCounts;
  publishing: boolean;
  onPublish: () => void;
}

/**
 * After Save Catalogs: how many items each catalog holds and how many are left unsorted, then on
 * to the catalogs page or to publishing. A published line list is only summarised.
 */
export function SaveCatalogsDialog({
  open,
  onOpenChange,
  lineList,
  counts,
  publishing,
  onPublish,
}: SaveCatalogsDialogProps) {
  const published = lineList.published === 1;
  return (
    <Dialog open={open} onOpenChange={(next) => (publishing ? undefined : onOpenChange(next))}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <CircleCheckIcon aria-hidden="true" className="size-5 text-emerald-700" />
            {segmentationMessages.catalogsSaved}
          </DialogTitle>
          <DialogDescription>
            {published
              ? `${lineList.name} is published: customers see these catalogs as they are now.`
              : `Sorting of ${lineList.name} is complete. Publish the catalogs to show them to customers; publishing cannot be undone.`}
          </DialogDescription>
        </DialogHeader>
        <dl aria-label="Items per catalog" className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {catalogTypeValues.map((type) => (
            <div key={type} className="flex flex-col gap-0.5 rounded-md border px-3 py-2">
              <dt className="text-xs text-muted-foreground">{catalogTypeLabels[type]}</dt>
              <dd className="text-lg font-semibold tabular-nums">{counts[type].toLocaleString("en-US")}</dd>
            </div>
          ))}
          <div className="flex flex-col gap-0.5 rounded-md border border-dashed px-3 py-2">
            <dt className="text-xs text-muted-foreground">{catalogTypeLabels.unsorted}</dt>
            <dd className="text-lg font-semibold tabular-nums">{counts.unsorted.toLocaleString("en-US")}</dd>
          </div>
        </dl>
        {counts.unsorted > 0 ? (
          <p className="text-sm text-muted-foreground">
            {counts.unsorted.toLocaleString("en-US")} item{counts.unsorted === 1 ? " is" : "s are"} in no
            catalog and will not be offered to customers.
          </p>
        ) : null}
        <DialogFooter>
          <Button asChild variant={published ? "default" : "outline"}>
            <Link to={paths.home.catalogs.getHref()}>Go to Catalogs</Link>
          </Button>
          {published ? null : (
            <RequirePermission permission="catalogs.publish">
              <Button onClick={onPublish} disabled={publishing}>
                {publishing ? "Publishing..." : "Publish Catalogs"}
              </Button>
            </RequirePermission>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
