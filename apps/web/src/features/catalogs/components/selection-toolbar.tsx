import { catalogTabLabels } from "@cm/contracts/catalog-segmentation";
import {
  type CatalogType,
  catalogTypeValues,
  type ItemPlacement,
  unsortedCatalogType,
} from "@cm/contracts/catalogs";
import { ChevronDownIcon, CopyIcon, FolderInputIcon, Trash2Icon, XIcon } from "lucide-react";
import { Fragment, useId } from "react";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";

export interface SelectionToolbarProps {
  place: ItemPlacement;
  total: number;
  selectedCount: number;
  /** A write is under way. */
  busy: boolean;
  menuOpen: boolean;
  onMenuOpenChange: (open: boolean) => void;
  /** The menu closes: the board may give the focus elsewhere than back to the Actions button. */
  onMenuCloseAutoFocus?: (event: Event) => void;
  onSelectAll: () => void;
  onClear: () => void;
  onMove: (target: CatalogType) => void;
  onCopy: (target: CatalogType) => void;
  onRemove: () => void;
}

/**
 * Above the grid: select all, how many are selected, and the actions on them ("Move to…",
 * "Copy to…", "Remove"), reachable with the keyboard. Targets equal to the tab are disabled.
 */
export function SelectionToolbar({
  place,
  total,
  selectedCount,
  busy,
  menuOpen,
  onMenuOpenChange,
  onMenuCloseAutoFocus,
  onSelectAll,
  onClear,
  onMove,
  onCopy,
  onRemove,
}: SelectionToolbarProps) {
  const checkboxId = useId();
  const moveLabelId = useId();
  const copyLabelId = useId();
  const allSelected = total > 0 && selectedCount === total;
  const none = selectedCount === 0;

  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
      <div className="flex items-center gap-2">
        <Checkbox
          id={checkboxId}
          checked={allSelected ? true : none ? false : "indeterminate"}
          disabled={total === 0}
          onCheckedChange={() => (allSelected ? onClear() : onSelectAll())}
        />
        <label htmlFor={checkboxId} className="text-sm font-medium select-none">
          Select all
        </label>
      </div>
      <span className="text-sm text-muted-foreground tabular-nums" aria-live="polite">
        {selectedCount.toLocaleString("en-US")} selected
      </span>
      {none ? null : (
        <Button variant="ghost" size="sm" onClick={onClear}>
          <XIcon aria-hidden="true" />
          Clear selection
        </Button>
      )}
      <div className="ml-auto">
        {/* Not modal: a modal menu hides the page from assistive technology while its cards stay focusable. */}
        <DropdownMenu open={menuOpen} onOpenChange={onMenuOpenChange} modal={false}>
          <DropdownMenuTrigger asChild>
            <Button variant="outline" size="sm" disabled={none || busy}>
              Actions
              <ChevronDownIcon aria-hidden="true" />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end" className="min-w-60" onCloseAutoFocus={onMenuCloseAutoFocus}>
            {[
              { verb: "Move", labelId: moveLabelId, Icon: FolderInputIcon, onTarget: onMove },
              { verb: "Copy", labelId: copyLabelId, Icon: CopyIcon, onTarget: onCopy },
            ].map(({ verb, labelId, Icon, onTarget }, index) => (
              <Fragment key={verb}>
                {index > 0 && <DropdownMenuSeparator />}
                <DropdownMenuGroup aria-labelledby={labelId}>
                  <DropdownMenuLabel id={labelId} className="flex items-center gap-2">
                    <Icon aria-hidden="true" className="size-3.5" />
                    {verb} to…
                  </DropdownMenuLabel>
                  {catalogTypeValues.map((target) => (
                    <DropdownMenuItem
                      key={target}
                      inset
                      disabled={target === place}
                      aria-label={`${verb} to ${catalogTabLabels[target]}`}
                      onSelect={() => onTarget(target)}
                    >
                      {catalogTabLabels[target]}
                    </DropdownMenuItem>
                  ))}
                </DropdownMenuGroup>
              </Fragment>
            ))}
            {place === unsortedCatalogType ? null : (
              <>
                <DropdownMenuSeparator />
                <DropdownMenuItem variant="destructive" onSelect={onRemove}>
                  <Trash2Icon aria-hidden="true" />
                  Remove
                </DropdownMenuItem>
              </>
            )}
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
    </div>
  );
}
