import { brandMessages } from "@cm/contracts/brands";
import { lineListTypeLabels } from "@cm/contracts/line-lists";
import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { Combobox, type ComboboxOption } from "@/components/combobox";
import { DatePicker } from "@/components/date-picker";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Field, FieldDescription, FieldError, FieldGroup, FieldLabel } from "@/components/ui/field";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { type SheetPreviewState, WorkbookField } from "@/features/uploads/components/workbook-field";
import {
  chooseBrand,
  chooseFile,
  chooseLineListToUpdate,
  chooseType,
  type DraftDateField,
  isUnset,
  nameProblem,
  removeFile,
  setDate,
  setName,
  showsFileInput,
  type UploadDraft,
  type UploadTypeChoice,
  uploadTypeChoices,
} from "@/features/uploads/utils/upload-draft";
import { useBrandOptions } from "@/lib/api/brands/get-brand-options";
import { lineListsQueryOptions } from "@/lib/api/line-lists/get-line-lists";
import { brandListProblem } from "@/lib/brand-list";

interface LineListStepProps {
  draft: UploadDraft;
  onDraftChange: (update: (draft: UploadDraft) => UploadDraft) => void;
  previewState: SheetPreviewState;
}

/**
 * Brands to pick from: every active brand (a brand without a column mapping gets one on its first
 * upload); `problem` says why there are none ("Brand list is not loaded" or "is empty").
 */
function useBrandChoices(): {
  options: ComboboxOption[];
  loading: boolean;
  problem: string | undefined;
  retry: () => void;
} {
  const brands = useBrandOptions();
  const options = (brands.data ?? [])
    .filter((brand) => brand.status !== "inactive")
    .map((brand) => ({ value: String(brand.id), label: brand.name }));
  return {
    options,
    loading: brands.isPending,
    problem: brandListProblem(brands),
    retry: () => void brands.refetch(),
  };
}

const dateFields: { field: DraftDateField; label: string }[] = [
  { field: "dateSent", label: "Date sent" },
  { field: "dateReceived", label: "Deadline for orders" },
  { field: "dateOfAvailability", label: "Date of availability" },
];

/** The brand's saved line lists, for an update to re-upload into. */
function UpdateLineListField({ draft, onDraftChange }: Omit<LineListStepProps, "previewState">) {
  const id = useId();
  const brandId = draft.brandId ?? undefined;
  const lineLists = useQuery({ ...lineListsQueryOptions({ brandId }), enabled: brandId !== undefined });
  const options: ComboboxOption[] = (lineLists.data ?? []).map((lineList) => ({
    value: String(lineList.id),
    label: lineList.name,
    description: [
      lineListTypeLabels[lineList.type],
      [lineList.season, lineList.year].filter(Boolean).join(" "),
    ]
      .filter(Boolean)
      .join(" · "),
  }));
  return (
    <Field>
      <FieldLabel htmlFor={id}>Line list to update</FieldLabel>
      <Combobox
        id={id}
        options={options}
        value={isUnset(draft.lineListId) ? undefined : String(draft.lineListId)}
        onValueChange={(value) => {
          const lineList = lineLists.data?.find((candidate) => String(candidate.id) === value);
          if (lineList) onDraftChange((current) => chooseLineListToUpdate(current, lineList));
        }}
        placeholder={
          lineLists.isPending && brandId !== undefined ? "Loading line lists…" : "Choose a line list"
        }
        searchPlaceholder="Search line lists"
        emptyText={lineLists.isError ? lineLists.error.message : "No line lists found"}
      />
      <FieldDescription>
        The preview shows what the file changes in this line list; nothing changes until you save it.
      </FieldDescription>
    </Field>
  );
}

/** A new line list's name, prefilled from the file's name once a file is chosen. */
function LineListNameField({ draft, onDraftChange }: Omit<LineListStepProps, "previewState">) {
  const id = useId();
  const problem = nameProblem(draft);
  return (
    <Field data-invalid={problem ? true : undefined}>
      <FieldLabel htmlFor={id}>Line list name</FieldLabel>
      <Input
        id={id}
        value={draft.name ?? ""}
        aria-invalid={problem ? true : undefined}
        aria-describedby={`${id}-description${problem ? ` ${id}-error` : ""}`}
        onChange={(event) => {
          const name = event.target.value;
          onDraftChange((current) => setName(current, name));
        }}
      />
      <FieldDescription id={`${id}-description`}>
        From the file's name; it can be renamed later on the brand's line lists.
      </FieldDescription>
      {problem ? <FieldError id={`${id}-error`}>{problem}</FieldError> : null}
    </Field>
  );
}

/** Step 2: type, brand, the type's fields, then the file (SPEC.md section 2, Upload Inventory dialog). */
export function LineListStep({ draft, onDraftChange, previewState }: LineListStepProps) {
  const typeId = useId();
  const brandId = useId();
  const brandProblemId = useId();
  const dateId = useId();
  const brands = useBrandChoices();

  return (
    <FieldGroup className="gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field>
          <FieldLabel htmlFor={typeId}>Line list type</FieldLabel>
          <Select
            value={draft.typeChoice ?? ""}
            onValueChange={(value) =>
              onDraftChange((current) => chooseType(current, value as UploadTypeChoice))
            }
          >
            <SelectTrigger id={typeId}>
              <SelectValue placeholder="Choose a type" />
            </SelectTrigger>
            <SelectContent>
              {uploadTypeChoices.map((choice) => (
                <SelectItem key={choice.value} value={choice.value}>
                  {choice.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </Field>
        <Field>
          <FieldLabel htmlFor={brandId}>Brand</FieldLabel>
          <Combobox
            id={brandId}
            aria-invalid={brands.problem ? true : undefined}
            aria-describedby={brands.problem ? brandProblemId : undefined}
            options={brands.options}
            value={isUnset(draft.brandId) ? undefined : String(draft.brandId)}
            onValueChange={(value) => {
              const option = brands.options.find((candidate) => candidate.value === value);
              if (option) {
                onDraftChange((current) => chooseBrand(current, { id: Number(value), name: option.label }));
              }
            }}
            placeholder={brands.loading ? "Loading brands…" : "Choose a brand"}
            searchPlaceholder="Search brands"
            emptyText={brands.problem}
          />
          {brands.problem ? (
            <FieldError id={brandProblemId} className="flex flex-wrap items-center gap-x-2">
              {brands.problem}
              {brands.problem === brandMessages.brandListNotLoaded ? (
                <Button type="button" variant="link" size="sm" className="h-auto p-0" onClick={brands.retry}>
                  Try again
                </Button>
              ) : null}
            </FieldError>
          ) : null}
        </Field>
      </div>

      {draft.typeChoice === "update" && !isUnset(draft.brandId) ? (
        <UpdateLineListField draft={draft} onDraftChange={onDraftChange} />
      ) : null}

      {draft.lineListType === "pre-book" || draft.lineListType === "future-stock" ? (
        <div className="grid gap-4 sm:grid-cols-2">
          {dateFields
            .filter(({ field }) =>
              field === "dateOfAvailability"
                ? draft.lineListType === "future-stock"
                : draft.lineListType === "pre-book",
            )
            .map(({ field, label }) => (
              <Field key={field}>
                <FieldLabel htmlFor={`${dateId}-${field}`}>{label}</FieldLabel>
                <DatePicker
                  id={`${dateId}-${field}`}
                  value={draft[field]}
                  calendarLabel={`Choose the ${label.toLowerCase()}`}
                  onChange={(value) => onDraftChange((current) => setDate(current, field, value))}
                />
              </Field>
            ))}
        </div>
      ) : null}

      {showsFileInput(draft) ? (
        <Field>
          <span className="text-sm leading-none font-medium">File</span>
          <WorkbookField
            file={draft.file}
            season={draft.season}
            year={draft.year}
            previewState={previewState}
            onChoose={(file) => onDraftChange((current) => chooseFile(current, file))}
            onRemove={() => onDraftChange(removeFile)}
          />
        </Field>
      ) : null}

      {showsFileInput(draft) && !isUnset(draft.file) && draft.typeChoice !== "update" ? (
        <LineListNameField draft={draft} onDraftChange={onDraftChange} />
      ) : null}
    </FieldGroup>
  );
}
