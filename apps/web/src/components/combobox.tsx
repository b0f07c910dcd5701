import { CheckIcon, ChevronsUpDownIcon } from "lucide-react";
import { useId, useMemo, useRef, useState } from "react";
import type * as React from "react";
import { Button } from "@/components/ui/button";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { cn } from "@/lib/utils";
import { uiText } from "@/lib/ui-text";

export interface ComboboxOption {
  value: string;
  label: string;
  /** A second, quieter line (e.g. an e-mail address). */
  description?: string;
  /** More words the search matches, besides the label and description. */
  keywords?: readonly string[];
  disabled?: boolean;
}

export interface ComboboxProps {
  /** The trigger's id, for a `<label htmlFor>`. */
  id?: string;
  options: readonly ComboboxOption[];
  value: string | undefined | null;
  onValueChange: (value: string) => void;
  onBlur?: () => void;
  placeholder: string;
  searchPlaceholder: string;
  /** SPEC.md section 9: select lists show "No items found." when empty. */
  emptyText?: string;
  disabled?: boolean;
  className?: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
}

function matches(option: ComboboxOption, needle: string): boolean {
  if (!needle) return true;
  return [option.label, option.value, option.description ?? "", ...(option.keywords ?? [])].some((text) =>
    text.toLowerCase().includes(needle),
  );
}

/**
 * A select with a search box (shadcn's combobox, without cmdk): the trigger shows the choice,
 * the popover filters the options as one types; arrows, Enter and Escape work as in a listbox.
 */
export function Combobox({
  id,
  options,
  value,
  onValueChange,
  onBlur,
  placeholder,
  searchPlaceholder,
  emptyText = uiText.noOptions,
  disabled,
  className,
  ...aria
}: ComboboxProps) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState("");
  const [activeIndex, setActiveIndex] = useState(0);
  const listRef = useRef<HTMLUListElement>(null);

  const selected = options.find((option) => option.value === value);
  const needle = search.trim().toLowerCase();
  const visible = useMemo(() => options.filter((option) => matches(option, needle)), [options, needle]);
  const active = visible[Math.min(activeIndex, visible.length - 1)];

  function changeOpen(next: boolean) {
    setOpen(next);
    if (next) {
      setSearch("");
      const current = options.findIndex((option) => option.value === value);
      setActiveIndex(Math.max(0, current));
    } else {
      onBlur?.();
    }
  }

  function choose(option: ComboboxOption | undefined) {
    if (!option || option.disabled) return;
    onValueChange(option.value);
    changeOpen(false);
  }

  function moveActive(index: number) {
    const next = Math.max(0, Math.min(visible.length - 1, index));
    setActiveIndex(next);
    listRef.current?.querySelector(`[data-index="${next}"]`)?.scrollIntoView({ block: "nearest" });
  }

  function onSearchKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown") moveActive(activeIndex + 1);
    else if (event.key === "ArrowUp") moveActive(activeIndex - 1);
    else if (event.key === "Home") moveActive(0);
    else if (event.key === "End") moveActive(visible.length - 1);
    else if (event.key === "Enter") {
      // The typed text may name an option exactly; otherwise the highlighted one wins.
      const exact = visible.find((option) => option.label.toLowerCase() === needle);
      choose(exact ?? active);
    } else return;
    event.preventDefault();
  }

  const optionId = (index: number) => `${listId}-option-${index}`;

  return (
    <Popover open={open} onOpenChange={changeOpen}>
      <PopoverTrigger asChild>
        <Button
          id={id}
          variant="outline"
          role="combobox"
          aria-expanded={open}
          aria-haspopup="listbox"
          aria-controls={open ? listId : undefined}
          disabled={disabled}
          className={cn(
            "w-full justify-between px-3 font-normal aria-invalid:border-destructive",
            !selected && "text-muted-foreground",
            className,
          )}
          {...aria}
        >
          <span className="truncate">{selected ? selected.label : placeholder}</span>
          <ChevronsUpDownIcon aria-hidden="true" className="opacity-50" />
        </Button>
      </PopoverTrigger>
      <PopoverContent
        align="start"
        aria-label={placeholder}
        className="w-(--radix-popover-trigger-width) min-w-56 p-0"
      >
        <div className="border-b p-1">
          <input
            type="text"
            role="combobox"
            aria-label={searchPlaceholder}
            aria-expanded="true"
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={active ? optionId(visible.indexOf(active)) : undefined}
            placeholder={searchPlaceholder}
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              setActiveIndex(0);
            }}
            onKeyDown={onSearchKeyDown}
            className="h-8 w-full rounded-sm bg-transparent px-2 text-sm outline-none placeholder:text-muted-foreground"
          />
        </div>
        <ul
          ref={listRef}
          id={listId}
          role="listbox"
          aria-label={placeholder}
          className="max-h-64 overflow-y-auto p-1"
        >
          {visible.length === 0 ? (
            <li role="presentation" className="px-2 py-6 text-center text-sm text-muted-foreground">
              {emptyText}
            </li>
          ) : (
            visible.map((option, index) => (
              <li
                key={option.value}
                id={optionId(index)}
                data-index={index}
                role="option"
                aria-selected={option.value === value}
                aria-disabled={option.disabled || undefined}
                data-active={option === active}
                onMouseMove={() => setActiveIndex(index)}
                // Keeps focus in the search box, so the popover does not close before the click.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(option)}
                className="relative flex cursor-default items-center gap-2 rounded-sm py-1.5 pr-8 pl-2 text-sm select-none aria-disabled:opacity-50 data-[active=true]:bg-accent data-[active=true]:text-accent-foreground"
              >
                <span className="flex min-w-0 flex-col">
                  <span className="truncate">{option.label}</span>
                  {option.description && (
                    <span className="truncate text-xs text-muted-foreground">{option.description}</span>
                  )}
                </span>
                {option.value === value && (
                  <CheckIcon aria-hidden="true" className="absolute right-2 size-4" />
                )}
              </li>
            ))
          )}
        </ul>
      </PopoverContent>
    </Popover>
  );
}
