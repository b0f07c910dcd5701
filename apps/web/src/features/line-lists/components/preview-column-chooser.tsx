import { Columns3Icon } from "lucide-react";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { type PreviewColumn, previewColumns } from "@/features/line-lists/components/preview-columns";

interface PreviewColumnChooserProps {
  /** The columns the screen offers (all of them unless some make no sense there). */
  columns?: readonly PreviewColumn[];
  visible: ReadonlySet<string>;
  onToggle: (columnId: string, visible: boolean) => void;
}

/** The columns checkbox chooser: every column but the style can be hidden or shown. */
export function PreviewColumnChooser({
  columns = previewColumns,
  visible,
  onToggle,
}: PreviewColumnChooserProps) {
  const id = useId();
  const optional = columns.filter((column) => column.optional);
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button variant="outline">
          <Columns3Icon aria-hidden="true" />
          Columns
        </Button>
      </PopoverTrigger>
      <PopoverContent align="end" aria-label="Columns shown" className="w-56 p-2">
        <fieldset className="flex flex-col gap-1">
          <legend className="px-2 pb-1 text-xs font-medium text-muted-foreground">Columns shown</legend>
          {optional.map((column) => (
            <div key={column.id} className="flex items-center gap-2 rounded-sm px-2 py-1.5 hover:bg-accent">
              <Checkbox
                id={`${id}-${column.id}`}
                checked={visible.has(column.id)}
                onCheckedChange={(checked) => onToggle(column.id, checked === true)}
              />
              <Label htmlFor={`${id}-${column.id}`} className="flex-1 font-normal">
                {column.header}
              </Label>
            </div>
          ))}
        </fieldset>
      </PopoverContent>
    </Popover>
  );
}
