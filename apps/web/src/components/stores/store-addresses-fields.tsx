import { type AddressInput, emptyAddressFormValues } from "@cm/contracts/addresses";
import { storeAddressStatus } from "@cm/contracts/stores";
import { useId } from "react";
import { useFieldArray, useFormContext } from "react-hook-form";
import { AddressFields, type FallbackAddress } from "@/components/addresses/address-form";
import { Badge } from "@/components/ui/badge";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";

const storeAddressKinds = [
  { type: "billing", label: "Billing address" },
  { type: "shipping", label: "Shipping address" },
] as const;

/** A new, empty address of that type, as the address form edits it. */
function emptyStoreAddress(type: AddressInput["type"]): AddressInput {
  return { type, ...emptyAddressFormValues };
}

/**
 * A store's billing and shipping addresses (SPEC.md section 5: at most one of each, both
 * optional), each switched on by its checkbox and each able to copy the organization's address.
 * `name` is the path of the store's `addresses` list in the surrounding form.
 */
export function StoreAddressesFields({
  name,
  organizationAddress,
  hideHeading = false,
}: {
  name: string;
  /** The organization's address, for "Same as Organization Address"; null when it has none. */
  organizationAddress: FallbackAddress;
  /** When the surrounding section already says "Addresses". */
  hideHeading?: boolean;
}) {
  const id = useId();
  const { control } = useFormContext();
  const { fields, append, remove } = useFieldArray({ control, name, keyName: "key" });
  // The entries' types only change by adding or removing one, so the field array knows them.
  const addresses = fields as unknown as (AddressInput & { key: string })[];
  const status = storeAddressStatus(addresses);

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className={hideHeading ? "sr-only" : "text-sm font-medium"}>Addresses</span>
        <Badge
          variant={status === "Not set" ? "outline" : "secondary"}
          className="ml-auto"
          aria-label={`Addresses: ${status}`}
        >
          {status}
        </Badge>
      </div>
      {storeAddressKinds.map(({ type, label }) => {
        const index = addresses.findIndex((address) => address.type === type);
        const field = index >= 0 ? addresses[index] : undefined;
        const checkboxId = `${id}-${type}`;
        return (
          <div key={type} className="flex flex-col gap-4 rounded-md border p-3">
            <div className="flex items-center gap-2">
              <Checkbox
                id={checkboxId}
                checked={index >= 0}
                onCheckedChange={(checked) => {
                  if (checked === true && index < 0) append(emptyStoreAddress(type));
                  if (checked !== true && index >= 0) remove(index);
                }}
              />
              <Label htmlFor={checkboxId}>{label}</Label>
            </div>
            {field && (
              <AddressFields
                key={field.key}
                name={`${name}.${index}`}
                legend={`${label} details`}
                fallbackAddress={organizationAddress ?? null}
                className="[&>legend]:sr-only"
              />
            )}
          </div>
        );
      })}
    </div>
  );
}
