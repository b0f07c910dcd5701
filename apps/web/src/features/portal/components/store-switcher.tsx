import { useId } from "react";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import type { PortalStore } from "@/features/portal/components/store-choice";

/**
 * Which of the user's stores the portal shows, when they may order for several. The browser's own
 * select: the system picker on phones, and no popover code on the portal's first page (its
 * JavaScript budget, e2e/bundle-budget.spec.ts).
 */
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
      <NativeSelect id={id} value={String(store.id)} onChange={(event) => onChange(event.target.value)}>
        {stores.map((candidate) => (
          <option key={candidate.id} value={String(candidate.id)}>
            {candidate.name}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
