import { catalogTabLabels } from "@cm/contracts/catalog-segmentation";
import {
  catalogAudienceLabel,
  catalogAudienceMessages,
  catalogTypeValues,
  defaultCatalogAudience,
  type CatalogAudience,
  type CatalogType,
} from "@cm/contracts/catalogs";
import type { CatalogSummary } from "@cm/contracts/line-lists";
import { UsersIcon } from "lucide-react";
import { useState } from "react";
import { toast } from "@/lib/toast";
import { ListLoadError } from "@/components/list-states";
import { RequirePermission } from "@/components/require-permission";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { useCatalogAudiences, useSetCatalogAudience } from "@/features/catalogs/api/catalog-audience";
import { AudienceCheckboxes } from "@/features/catalogs/components/audience-checkboxes";
import { uiText } from "@/lib/ui-text";

/**
 * The Manage screen's "Audience" button and dialog: who sees each catalog of the line list (Good,
 * Better, Best; at least one), changeable before or after publishing. Each catalog is saved on its
 * own (`PUT /api/line-lists/{id}/catalogs/{type}/audience`) and the change is in the line list's
 * history. A catalog not created yet shows all three, the audience it will start with.
 */
export function AudienceEditorButton({
  lineListId,
  lineListName,
}: {
  lineListId: number;
  lineListName: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <RequirePermission permission="catalogs.publish">
        <Button variant="outline" onClick={() => setOpen(true)}>
          <UsersIcon aria-hidden="true" />
          Audience
        </Button>
      </RequirePermission>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="sm:max-w-lg">
          <DialogHeader>
            <DialogTitle>Catalog audiences</DialogTitle>
            <DialogDescription>
              {`Which stores see each catalog of ${lineListName} once it is published, by their segmentation for the brand.`}
            </DialogDescription>
          </DialogHeader>
          {open ? <AudienceList lineListId={lineListId} /> : null}
          <DialogFooter>
            <Button variant="outline" onClick={() => setOpen(false)}>
              Close
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}

function AudienceList({ lineListId }: { lineListId: number }) {
  const query = useCatalogAudiences(lineListId);
  if (query.isError) {
    return (
      <ListLoadError
        title="The audiences could not be loaded"
        message={query.error.message}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (!query.data) {
    return (
      <div className="flex flex-col gap-2">
        <span className="sr-only" role="status">
          Loading the audiences…
        </span>
        {catalogTypeValues.map((type) => (
          <Skeleton key={type} className="h-16 w-full" aria-hidden="true" />
        ))}
      </div>
    );
  }
  const catalogs = query.data;
  return (
    <div className="flex flex-col gap-2">
      {catalogTypeValues.map((type) => (
        <CatalogAudienceRow
          key={type}
          lineListId={lineListId}
          type={type}
          catalog={catalogs.find((catalog) => catalog.type === type)}
        />
      ))}
    </div>
  );
}

function CatalogAudienceRow({
  lineListId,
  type,
  catalog,
}: {
  lineListId: number;
  type: CatalogType;
  catalog: CatalogSummary | undefined;
}) {
  const saved = catalog?.audience ?? [...defaultCatalogAudience];
  const [audience, setAudience] = useState<CatalogAudience>(saved);
  const save = useSetCatalogAudience();
  const changed = audience.join() !== saved.join();
  const label = catalogTabLabels[type];

  function submit() {
    save.mutate(
      { lineListId, type, audience },
      {
        onSuccess: ({ catalog: answer }) => {
          setAudience(answer.audience);
          toast.success(catalogAudienceMessages.audienceSaved, {
            description: `${label}: ${catalogAudienceLabel(answer.audience)}`,
          });
        },
        onError: (error) => {
          console.error(error);
          toast.error(error.message);
        },
      },
    );
  }

  return (
    <div className="flex items-end gap-2">
      <div className="min-w-0 flex-1">
        <AudienceCheckboxes
          legend={label}
          value={audience}
          onChange={setAudience}
          disabled={save.isPending}
        />
      </div>
      <Button
        size="sm"
        onClick={submit}
        disabled={!changed || audience.length === 0 || save.isPending}
        aria-label={`Save the audience of ${label}`}
        className="mb-2"
      >
        {save.isPending ? uiText.saving : "Save"}
      </Button>
    </div>
  );
}
