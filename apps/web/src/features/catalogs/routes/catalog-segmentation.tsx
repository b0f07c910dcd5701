import { segmentationMessages } from "@cm/contracts/catalog-segmentation";
import { catalogAudienceMessages } from "@cm/contracts/catalogs";
import {
  catalogMessages,
  type ItemPlacement,
  itemPlacementValues,
  unsortedCatalogType,
} from "@cm/contracts/catalogs";
import { useIsMutating } from "@tanstack/react-query";
import { ArrowLeftIcon, SaveIcon } from "lucide-react";
import { useCallback, useEffect, useMemo, useState } from "react";
import { Link, Navigate, useNavigate, useParams } from "react-router";
import { toast } from "@/lib/toast";
import { ListLoadError } from "@/components/list-states";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { paths } from "@/config/paths";
import { usePopulatedCatalogs } from "@/features/catalogs/api/get-populated-catalogs";
import { useCatalogAudiences } from "@/features/catalogs/api/catalog-audience";
import { usePublishCatalog } from "@/features/catalogs/api/publish-catalog";
import { useSaveCatalogs } from "@/features/catalogs/api/save-catalogs";
import { AddItemsDialog } from "@/features/catalogs/components/add-items-dialog";
import { PublishDialog, type PublishChoice } from "@/features/catalogs/components/publish-dialog";
import { SaveCatalogsDialog } from "@/features/catalogs/components/save-catalogs-dialog";
import { SegmentationBoard } from "@/features/catalogs/components/segmentation-board";
import { SegmentationHeader } from "@/features/catalogs/components/segmentation-header";
import { UploadSegmentationDialog } from "@/features/catalogs/components/upload-segmentation-dialog";
import { useItemSelection } from "@/features/catalogs/hooks/use-item-selection";
import { usePlacementActions } from "@/features/catalogs/hooks/use-placement-actions";
import { type AddItemChoice, planAdd } from "@/features/catalogs/utils/placement-plan";
import { countsOf, itemsIn, type SegmentationData } from "@/features/catalogs/utils/segmentation-data";
import { isApiError } from "@/lib/api-client";
import { uiText } from "@/lib/ui-text";

function SegmentationSkeleton() {
  return (
    <div className="flex flex-col gap-6">
      <span className="sr-only" role="status">
        Loading the catalogs…
      </span>
      <div className="flex flex-col gap-2" aria-hidden="true">
        <Skeleton className="h-5 w-40" />
        <Skeleton className="h-8 w-72" />
        <Skeleton className="h-4 w-56" />
      </div>
      <Skeleton className="h-10 w-full max-w-xl" aria-hidden="true" />
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-6" aria-hidden="true">
        {Array.from({ length: 12 }, (_, index) => (
          <div key={index} className="flex flex-col gap-2 rounded-lg border p-2">
            <Skeleton className="aspect-square w-full" />
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-3 w-1/2" />
          </div>
        ))}
      </div>
    </div>
  );
}

/** The screen once the line list is loaded. */
function SegmentationScreen({ data }: { data: SegmentationData }) {
  const lineList = data.lineList;
  const navigate = useNavigate();
  const busy = useIsMutating() > 0;
  const { run } = usePlacementActions();
  const save = useSaveCatalogs();
  const publish = usePublishCatalog();

  // Unsorted first, unless everything is sorted: then the first catalog with items.
  const [activeTab, setActiveTab] = useState<ItemPlacement>(
    () => itemPlacementValues.find((place) => itemsIn(data, place).length > 0) ?? unsortedCatalogType,
  );
  const [compact, setCompact] = useState(false);
  const [addOpen, setAddOpen] = useState(false);
  const [uploadOpen, setUploadOpen] = useState(false);
  const [saveOpen, setSaveOpen] = useState(false);
  const [publishOpen, setPublishOpen] = useState(false);
  // The publish dialog chooses each catalog's audience: it starts from the catalogs' own.
  const audiences = useCatalogAudiences(lineList.id, { enabled: publishOpen });
  const publishTarget = audiences.data
    ? { ...lineList, catalogs: audiences.data }
    : audiences.isError
      ? { ...lineList, catalogs: [] }
      : null;

  const tabItems = useMemo(() => itemsIn(data, activeTab), [data, activeTab]);
  const orderedIds = useMemo(() => tabItems.map((item) => item.id), [tabItems]);
  const selection = useItemSelection(orderedIds);
  const counts = useMemo(() => countsOf(data), [data]);
  const { clear } = selection;

  const changeTab = useCallback(
    (tab: ItemPlacement) => {
      setActiveTab(tab);
      clear();
    },
    [clear],
  );

  async function addItems(choices: AddItemChoice[]) {
    if (activeTab === unsortedCatalogType) return;
    if (await run(planAdd(lineList.id, activeTab, choices))) {
      setAddOpen(false);
      clear();
    }
  }

  async function saveCatalogs() {
    try {
      await save.mutateAsync({ lineListId: lineList.id, expectedRevision: lineList._revision });
      setSaveOpen(true);
    } catch (error) {
      console.error(segmentationMessages.catalogsSaveFailed, error);
      toast.error(segmentationMessages.catalogsSaveFailed, { description: (error as Error).message });
    }
  }

  async function publishCatalogs(choice: PublishChoice) {
    try {
      await publish.mutateAsync({ lineListId: lineList.id, expectedRevision: lineList._revision, ...choice });
      toast.success(
        choice.publishAt ? catalogAudienceMessages.scheduledToast : segmentationMessages.catalogsPublished,
      );
      setPublishOpen(false);
      void navigate(paths.home.catalogs.getHref());
    } catch (error) {
      console.error(segmentationMessages.publishCatalogsFailed, error);
      toast.error(segmentationMessages.publishCatalogsFailed, { description: (error as Error).message });
    }
  }

  return (
    <section aria-labelledby="page-title" className="flex min-w-0 flex-1 flex-col gap-4">
      <title>{`${lineList.name} · Catalog Segmentation · Catalog Manager`}</title>
      <SegmentationHeader
        lineList={lineList}
        compact={compact}
        onCompactChange={setCompact}
        onUpload={() => setUploadOpen(true)}
        onAddItems={() => setAddOpen(true)}
        addDisabled={activeTab === unsortedCatalogType}
        busy={busy}
      />

      <SegmentationBoard
        data={data}
        activeTab={activeTab}
        onTabChange={changeTab}
        tabItems={tabItems}
        selection={selection}
        compact={compact}
        busy={busy}
        onPlace={run}
      />

      <div className="sticky bottom-0 z-[5] -mx-4 mt-auto -mb-4 flex items-center justify-between gap-2 border-t bg-background/95 px-4 py-3 backdrop-blur supports-[backdrop-filter]:bg-background/85 lg:-mx-6 lg:-mb-6 lg:px-6">
        <Button asChild variant="outline">
          <Link to={paths.home.catalogs.getHref()}>
            <ArrowLeftIcon aria-hidden="true" />
            Back
          </Link>
        </Button>
        <Button onClick={() => void saveCatalogs()} disabled={busy}>
          <SaveIcon aria-hidden="true" />
          {save.isPending ? uiText.saving : "Save Catalogs"}
        </Button>
      </div>

      {activeTab === unsortedCatalogType ? null : (
        <AddItemsDialog
          open={addOpen}
          onOpenChange={setAddOpen}
          items={data.items}
          target={activeTab}
          busy={busy}
          onAdd={(choices) => void addItems(choices)}
        />
      )}
      <UploadSegmentationDialog
        open={uploadOpen}
        onOpenChange={setUploadOpen}
        lineListId={lineList.id}
        onUploaded={clear}
        busy={busy}
      />
      <SaveCatalogsDialog
        open={saveOpen}
        onOpenChange={setSaveOpen}
        lineList={lineList}
        counts={counts}
        publishing={publish.isPending}
        onPublish={() => {
          setSaveOpen(false);
          setPublishOpen(true);
        }}
      />
      <PublishDialog
        lineList={publishTarget}
        open={publishOpen}
        onOpenChange={setPublishOpen}
        pending={publish.isPending}
        onSubmit={(choice) => void publishCatalogs(choice)}
      />
    </section>
  );
}

/**
 * `/home/catalog-segmentation/{lineListId}`: sort a line list's items into its athletic,
 * boutique and crocs catalogs, save, and publish.
 */
export default function CatalogSegmentationRoute() {
  const { lineListId: param = "" } = useParams();
  const lineListId = Number(param);
  const validId = Number.isSafeInteger(lineListId) && lineListId > 0;
  const query = usePopulatedCatalogs(validId ? lineListId : undefined);

  const missing = !validId || (query.isError && isApiError(query.error) && query.error.status === 404);
  useEffect(() => {
    if (!missing) return;
    toast.error(query.error?.message || catalogMessages.noLineListFound, {
      id: `segmentation-missing-${param}`,
    });
  }, [missing, query.error, param]);

  if (missing) return <Navigate to={paths.home.catalogs.getHref()} replace />;
  if (query.isError) {
    return (
      <ListLoadError
        title={segmentationMessages.fetchCurrentFailed}
        message={query.error.message}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (!query.data) return <SegmentationSkeleton />;
  return <SegmentationScreen data={query.data} />;
}
