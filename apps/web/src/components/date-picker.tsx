import { CalendarIcon } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Calendar } from "@/components/ui/calendar";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { formatDateLong } from "@/lib/format";
import { cn } from "@/lib/utils";

export interface DatePickerProps {
  /** The trigger's id, for a `<label htmlFor>`. */
  id?: string;
  value: Date | null | undefined;
  onChange: (value: Date | undefined) => void;
  placeholder?: string;
  /** Names the calendar popover for assistive technology. */
  calendarLabel?: string;
  disabled?: boolean;
  className?: string;
  "aria-describedby"?: string;
  "aria-invalid"?: boolean;
}

/** A calendar day chosen in a popover month grid, shown as MM/DD/YYYY like every date of the product. */
export function DatePicker({
  id,
  value,
  onChange,
  placeholder = "Pick a date",
  calendarLabel = "Choose a date",
  disabled,
  className,
  ...aria
}: DatePickerProps) {
  const [open, setOpen] = useState(false);
  const selected = value ?? undefined;
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button
          id={id}
          variant="outline"
          disabled={disabled}
          className={cn(
            "w-full justify-start px-3 text-left font-normal",
            !selected && "text-muted-foreground",
            className,
          )}
          {...aria}
        >
          <CalendarIcon aria-hidden="true" className="text-muted-foreground" />
          {selected ? formatDateLong(selected) : placeholder}
        </Button>
      </PopoverTrigger>
      <PopoverContent className="w-auto p-0" align="start" aria-label={calendarLabel}>
        <Calendar
          mode="single"
          selected={selected}
          defaultMonth={selected}
          onSelect={(day) => {
            onChange(day);
            setOpen(false);
          }}
          autoFocus
        />
      </PopoverContent>
    </Popover>
  );
}
