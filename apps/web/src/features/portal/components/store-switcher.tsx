import { useId } from "react";
import { Label } from "@/components/ui/label";
import type { PortalStore } from "@/features/portal/components/store-choice";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";

/** Which of the user's stores the portal shows, when they may order for several. */
export function StoreSwitcher({
  stores,
  store,
  onChange,
}: {
  stores: readonly PortalStore[];
  store: PortalStore;
  onChange: (storeId: string) => void;
}) {
  const id = useId();
  return (
    <div className="flex w-full flex-col gap-1.5 sm:w-72">
      <Label htmlFor={id}>Store</Label>
      <Select value={String(store.id)} onValueChange={onChange}>
        <SelectTrigger id={id} className="w-full">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {stores.map((candidate) => (
            <SelectItem key={candidate.id} value={String(candidate.id)}>
              {candidate.name}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
