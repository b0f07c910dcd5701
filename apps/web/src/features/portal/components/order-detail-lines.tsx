import type { PortalOrder } from "@cm/contracts/portal-orders";
import { ItemImage } from "@/components/item-image";
import {
  Table,
  TableBody,
  TableCell,
  TableFooter,
  TableHead,
  TableHeader,
  TableRow,
} from "@/components/ui/table";
import { formatUnits } from "@/features/portal/components/cart-groups";
import { formatMoney } from "@/lib/format";

/** An order's lines with their quantities, unit WHS and totals, and the order's totals below. */
export function OrderDetailLines({ order }: { order: PortalOrder }) {
  return (
    <div className="overflow-x-auto rounded-lg border">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead className="hidden w-14 sm:table-cell">
              <span className="sr-only">Picture</span>
            </TableHead>
            <TableHead>Style</TableHead>
            <TableHead>Size</TableHead>
            <TableHead className="text-right">Qty</TableHead>
            <TableHead className="hidden text-right sm:table-cell">Unit WHS</TableHead>
            <TableHead className="text-right">Total</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {order.lines.map((line) => (
            <TableRow key={line.id}>
              <TableCell className="hidden sm:table-cell">
                <ItemImage
                  imageUrls={line.style.imageUrl ? [line.style.imageUrl] : []}
                  alt={line.style.name ?? line.style.modelCode}
                  className="size-10"
                />
              </TableCell>
              <TableCell className="whitespace-normal">
                <p className="font-medium">{line.style.name ?? line.style.modelCode}</p>
                <p className="text-xs text-muted-foreground">
                  {line.brand.name} · {line.style.modelCode}
                  {line.style.color ? ` · ${line.style.color}` : ""}
                </p>
              </TableCell>
              <TableCell>{line.size}</TableCell>
              <TableCell className="text-right tabular-nums">{line.quantity}</TableCell>
              <TableCell className="hidden text-right tabular-nums sm:table-cell">
                {formatMoney(line.unitWhs)}
              </TableCell>
              <TableCell className="text-right tabular-nums">{formatMoney(line.lineTotal)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
        <TableFooter>
          <TableRow>
            <TableCell className="hidden sm:table-cell" />
            <TableCell colSpan={2}>Total</TableCell>
            <TableCell className="text-right tabular-nums">{formatUnits(order.units)}</TableCell>
            <TableCell className="hidden sm:table-cell" />
            <TableCell className="text-right tabular-nums">{formatMoney(order.totalWhs)}</TableCell>
          </TableRow>
        </TableFooter>
      </Table>
    </div>
  );
}
