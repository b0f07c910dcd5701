import type { CartLine } from "@cm/contracts/portal-orders";
import { Trash2Icon } from "lucide-react";
import { useId, useState } from "react";
import { ItemImage } from "@/components/item-image";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { formatMoney } from "@/lib/format";

/**
 * A line's quantity: what is typed shows in the cart at once; an empty field or 0 takes the line
 * out only when the field is left (so clearing it to type anew keeps the line).
 */
function CartQuantityInput({
  label,
  quantity,
  onChange,
}: {
  label: string;
  quantity: number;
  onChange: (quantity: number) => void;
}) {
  // What is being typed; the cart's quantity otherwise.
  const [draft, setDraft] = useState<string | null>(null);
  const text = draft ?? String(quantity);
  return (
    <Input
      type="number"
      inputMode="numeric"
      min={0}
      max={9999}
      step={1}
      aria-label={label}
      value={text}
      className="h-9 w-20 text-right tabular-nums"
      onChange={(event) => {
        setDraft(event.target.value);
        const typed = Number(event.target.value);
        if (event.target.value.trim() !== "" && Number.isFinite(typed) && typed > 0) onChange(typed);
      }}
      onBlur={() => {
        const typed = Number(text);
        if (text.trim() === "" || !Number.isFinite(typed) || typed <= 0) onChange(0);
        setDraft(null);
      }}
    />
  );
}

/** One cart line: picture, style, colour and size, its quantity, unit WHS, line total and its problem. */
export function CartLineItem({
  line,
  onQuantity,
}: {
  line: CartLine;
  onQuantity: (quantity: number) => void;
}) {
  const problemId = useId();
  // A line typed before the server priced it knows only its SKU.
  const title = line.name ?? (line.modelCode || line.sku);
  const what = `${title} ${line.modelCode}${line.color ? ` ${line.color}` : ""}, size ${line.size}`;
  return (
    <li
      className="grid grid-cols-[4rem_1fr] gap-x-3 gap-y-2 border-b py-3 last:border-b-0 sm:grid-cols-[4rem_1fr_auto_6rem_6rem_auto] sm:items-center"
      aria-describedby={line.problem ? problemId : undefined}
    >
      <ItemImage
        imageUrls={line.imageUrl ? [line.imageUrl] : []}
        alt={title}
        className="row-span-2 size-16 sm:row-span-1"
      />
      <div className="min-w-0">
        <p className="truncate font-medium">{title}</p>
        <p className="text-sm text-muted-foreground">
          {[line.modelCode, line.color, line.size ? `Size ${line.size}` : null].filter(Boolean).join(" · ")}
        </p>
        {line.problem ? (
          <p id={problemId} className="text-sm text-destructive">
            {line.problem}
          </p>
        ) : null}
      </div>
      <div className="col-start-2 flex flex-wrap items-center gap-3 sm:contents">
        <CartQuantityInput label={`Quantity of ${what}`} quantity={line.quantity} onChange={onQuantity} />
        <p className="text-sm tabular-nums sm:text-right">
          <span className="text-muted-foreground sm:sr-only">Unit WHS </span>
          {line.unitWhs ? formatMoney(line.unitWhs) : "—"}
        </p>
        <p className="text-sm font-medium tabular-nums sm:text-right">
          <span className="font-normal text-muted-foreground sm:sr-only">Total </span>
          {line.lineTotal ? formatMoney(line.lineTotal) : "—"}
        </p>
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Remove ${what}`}
          onClick={() => onQuantity(0)}
          className="ml-auto sm:ml-0"
        >
          <Trash2Icon aria-hidden="true" />
        </Button>
      </div>
    </li>
  );
}
