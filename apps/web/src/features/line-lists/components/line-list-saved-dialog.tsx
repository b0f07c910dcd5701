import { previewMessages } from "@cm/contracts/line-list-preview";
import { CircleCheckIcon } from "lucide-react";
import { Link } from "react-router";
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

interface LineListSavedDialogProps {
  open: boolean;
  lineListId: number;
  brandId: number;
  lineListName: string;
  itemsCount: number;
}

/** After saving: on to the brand's line lists, or to sorting the styles into catalogs. */
export function LineListSavedDialog({
  open,
  lineListId,
  brandId,
  lineListName,
  itemsCount,
}: LineListSavedDialogProps) {
  return (
    <Dialog open={open}>
      <DialogContent
        showCloseButton={false}
        // The line list is saved: the screen has nothing left to show, so one of the two ways on is chosen.
        onEscapeKeyDown={(event) => event.preventDefault()}
        onInteractOutside={(event) => event.preventDefault()}
      >
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <CircleCheckIcon aria-hidden="true" className="size-5 text-emerald-700" />
            {previewMessages.savedTitle}
          </DialogTitle>
          <DialogDescription>
            {lineListName} is saved with {itemsCount.toLocaleString("en-US")} styles. Sort them into catalogs
            now, or find the line list in the brand's table.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button asChild variant="outline">
            <Link to={paths.home.brands.lineLists.getHref(brandId)}>{previewMessages.goToLineLists}</Link>
          </Button>
          <Button asChild>
            <Link to={paths.home.catalogSegmentation.getHref(lineListId)}>
              {previewMessages.createCatalogs}
            </Link>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
