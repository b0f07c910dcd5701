import { catalogAudienceMessages, catalogMessages } from "@cm/contracts/catalogs";
import { defaultPageSize } from "@cm/contracts/envelope";
import type { LineListWithCatalogs } from "@cm/contracts/line-lists";
import { UploadIcon } from "lucide-react";
import { useState } from "react";
import { toast } from "@/lib/toast";
import { EmptyState } from "@/components/list-states";
import { RequirePermission } from "@/components/require-permission";
import { Button } from "@/components/ui/button";
import { useLineListsWithCatalogs } from "@/features/catalogs/api/get-line-lists-with-catalogs";
import { useCancelScheduledPublication, usePublishCatalog } from "@/features/catalogs/api/publish-catalog";
import { CatalogSection } from "@/features/catalogs/components/catalog-section";
import { PublishDialog, type PublishChoice } from "@/features/catalogs/components/publish-dialog";
import { useUploadInventory } from "@/hooks/use-upload-inventory";

/** `/home` and `/home/catalogs`: published and unpublished line lists with their catalogs. */
export default function CatalogsRoute() {
  const { openUploadInventory } = useUploadInventory();
  // The sections' first pages (the same queries, so no extra call): both empty means no line list at all.
  const firstPage = { page: 1, pageSize: defaultPageSize };
  const published = useLineListsWithCatalogs({ status: "published", ...firstPage });
  const unpublished = useLineListsWithCatalogs({ status: "unpublished", ...firstPage });
  const noLineLists = published.data?.pagination.total === 0 && unpublished.data?.pagination.total === 0;
  const publish = usePublishCatalog();
  const cancel = useCancelScheduledPublication();
  const [target, setTarget] = useState<LineListWithCatalogs | null>(null);
  const [confirming, setConfirming] = useState(false);

  function requestPublish(lineList: LineListWithCatalogs) {
    setTarget(lineList);
    setConfirming(true);
  }

  function confirmPublish(choice: PublishChoice) {
    if (!target) return;
    publish.mutate(
      // At the revision shown: a line list changed since (sorted again elsewhere) is refused, not published unseen.
      { lineListId: target.id, expectedRevision: target._revision, ...choice },
      {
        onSuccess: () =>
          toast.success(
            choice.publishAt ? catalogAudienceMessages.scheduledToast : catalogMessages.published,
          ),
        onError: (error) => {
          console.error(error);
          toast.error(catalogMessages.publishFailed, { description: error.message });
        },
        onSettled: () => setConfirming(false),
      },
    );
  }

  function cancelSchedule(lineList: LineListWithCatalogs) {
    cancel.mutate(
      { lineListId: lineList.id, expectedRevision: lineList._revision },
      {
        onSuccess: () => toast.success(catalogAudienceMessages.scheduleCancelled),
        onError: (error) => {
          console.error(error);
          toast.error(error.message);
        },
      },
    );
  }

  return (
    <div className="flex flex-col gap-8">
      <title>Catalogs · Catalog Manager</title>
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">Catalogs</h1>
        <p className="text-sm text-muted-foreground">
          Saved line lists and their athletic, boutique and crocs catalogs. Publish a sorted line list to show
          its catalogs to customers.
        </p>
      </div>
      {noLineLists ? (
        <EmptyState
          title={catalogMessages.noLineListAtTheMoment}
          description="Upload a brand line list and save its preview: its catalogs appear here."
          action={
            <RequirePermission permission="catalogs.manage">
              <Button onClick={() => openUploadInventory()}>
                <UploadIcon aria-hidden="true" />
                Upload Line List
              </Button>
            </RequirePermission>
          }
        />
      ) : (
        <>
          <CatalogSection
            title="Active Catalogs"
            status="published"
            emptyTitle="No active catalogs yet"
            emptyDescription="Catalogs appear here once their line list is sorted and published."
            onPublish={requestPublish}
            onCancelSchedule={cancelSchedule}
          />
          <CatalogSection
            title="Unpublished Catalogs"
            status="unpublished"
            emptyTitle="No unpublished catalogs"
            emptyDescription="Saved line lists waiting to be sorted or published appear here."
            onPublish={requestPublish}
            onCancelSchedule={cancelSchedule}
          />
        </>
      )}
      <PublishDialog
        lineList={target}
        open={confirming}
        onOpenChange={setConfirming}
        pending={publish.isPending}
        onSubmit={confirmPublish}
      />
    </div>
  );
}
