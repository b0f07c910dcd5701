import { historyEntityTypeLabels, historyEntityTypeValues, historyMessages } from "@cm/contracts/history";
import { fullName } from "@cm/contracts/users";
import { useQuery } from "@tanstack/react-query";
import { useId, useMemo } from "react";
import type { ComboboxOption } from "@/components/combobox";
import {
  ClearFiltersButton,
  DateRangeFilter,
  FilterCombobox,
  FilterSelect,
  FiltersPanel,
} from "@/components/filter-fields";
import type { ActivityParams, ActivityParamsPatch } from "@/features/history/hooks/use-activity-params";
import { useCan } from "@/hooks/use-permissions";
import { usersQueryOptions } from "@/lib/api/users/get-users";
import { disabledReason, type PermissionRequirement } from "@/lib/permissions";

/** Reading the people to choose from needs what `GET /api/users` declares. */
const readUsers: PermissionRequirement = ["people.view", "customers.view"];

/** The staff who can make changes, by name, to pick "who" from. */
function useStaffOptions(enabled: boolean, userId: number | undefined): ComboboxOption[] {
  const users = useQuery({ ...usersQueryOptions(), enabled });
  return useMemo(() => {
    const staff = (users.data ?? [])
      .filter((user) => user.type === "internal")
      .map((user) => ({ value: String(user.id), label: fullName(user), description: user.email }))
      .sort((a, b) => a.label.localeCompare(b.label));
    // A person from a shared link who is not on the list (not staff, or deleted) still shows.
    if (userId !== undefined && !staff.some((option) => option.value === String(userId))) {
      staff.unshift({ value: String(userId), label: `User #${userId}`, description: "" });
    }
    return staff;
  }, [users.data, userId]);
}

/** What changed (entity type), who changed it and when (from, to); each change lands in the URL. */
export function ActivityFilters({
  params,
  onChange,
  filtered,
  rangeError,
}: {
  params: ActivityParams;
  onChange: (patch: ActivityParamsPatch) => void;
  filtered: boolean;
  /** Why the date range cannot be asked for (From after To). */
  rangeError?: string;
}) {
  const fieldId = useId();
  const canReadUsers = useCan(readUsers);
  const staffOptions = useStaffOptions(canReadUsers, params.userId);

  return (
    <FiltersPanel columns={4}>
      <FilterSelect
        id={`${fieldId}-type`}
        label="Type"
        value={params.entityType}
        anyLabel={historyMessages.allEntityTypes}
        options={historyEntityTypeValues.map((type) => ({
          value: type,
          label: historyEntityTypeLabels[type],
        }))}
        onChange={(entityType) => onChange({ entityType })}
      />
      <FilterCombobox
        id={`${fieldId}-person`}
        label="Person"
        value={params.userId}
        anyLabel={historyMessages.everyone}
        options={staffOptions}
        searchPlaceholder="Search people"
        disabledReason={canReadUsers ? undefined : disabledReason(readUsers)}
        onChange={(userId) => onChange({ userId })}
      />
      <DateRangeFilter
        id={fieldId}
        fromLabel="From"
        toLabel="To"
        from={params.from}
        to={params.to}
        rangeError={rangeError}
        onChange={onChange}
      />
      <ClearFiltersButton
        label={historyMessages.clearFilters}
        disabled={!filtered}
        onClick={() => onChange({ entityType: undefined, userId: undefined, from: undefined, to: undefined })}
      />
    </FiltersPanel>
  );
}
