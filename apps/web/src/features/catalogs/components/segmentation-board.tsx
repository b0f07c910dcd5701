import {
  catalogTabLabels,
  segmentationLimits,
  segmentationMessages,
} from "@cm/contracts/catalog-segmentation";
import {
  type CatalogType,
  type ItemPlacement,
  itemPlacementValues,
  unsortedCatalogType,
} from "@cm/contracts/catalogs";
import {
  type Announcements,
  closestCenter,
  type CollisionDetection,
  DndContext,
  type DragEndEvent,
  type DragOverEvent,
  DragOverlay,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  type KeyboardSensorProps,
  MeasuringStrategy,
  type Modifier,
  MouseSensor,
  pointerWithin,
  TouchSensor,
  useDroppable,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import { getEventCoordinates } from "@dnd-kit/utilities";
import { PackageOpenIcon } from "lucide-react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type * as React from "react";
import { toast } from "@/lib/toast";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { EmptyState } from "@/components/list-states";
import { Tabs, TabsContent, TabsList } from "@/components/ui/tabs";
import { CatalogTab } from "@/features/catalogs/components/catalog-tab";
import { DragGhost } from "@/features/catalogs/components/drag-ghost";
import { ItemGrid, type ItemGridHandle } from "@/features/catalogs/components/item-grid";
import { SelectionToolbar } from "@/features/catalogs/components/selection-toolbar";
import type { ItemSelection } from "@/features/catalogs/hooks/use-item-selection";
import { dropTargetOf, panelDropId, tabDropId } from "@/features/catalogs/utils/drop-targets";
import { planCopy, planMove, type PlanOutcome, planRemove } from "@/features/catalogs/utils/placement-plan";
import { countsOf, type SegmentationData } from "@/features/catalogs/utils/segmentation-data";
import { focusAfterLeaving } from "@/features/catalogs/utils/selection";
import { itemMessages } from "@cm/contracts/line-list-preview";

/** The key that picks up the selection for a keyboard drag; Space and Enter select. */
const keyboardPickUpCode = "KeyM";

const screenReaderInstructions = {
  draggable:
    "Space or Enter selects the item. To move the selection to another catalog, press M to pick it up, " +
    "the left and right arrow keys to choose a tab, then Space or Enter to drop it there, or Escape to cancel. " +
    "The Actions menu above the items offers the same moves.",
};

/** Keyboard dragging jumps between the tabs, the only places a drop does something. */
const tabKeyboardCoordinates: KeyboardCoordinateGetter = (event, { context }) => {
  if (event.code !== "ArrowRight" && event.code !== "ArrowLeft") return undefined;
  const { collisionRect, droppableRects, droppableContainers, over } = context;
  if (!collisionRect) return undefined;
  const tabs = droppableContainers
    .getEnabled()
    .filter((container) => dropTargetOf(container.id)?.kind === "tab")
    .flatMap((container) => {
      const rect = droppableRects.get(container.id);
      return rect ? [{ id: container.id, rect }] : [];
    })
    .sort((left, right) => left.rect.left - right.rect.left);
  if (tabs.length === 0) return undefined;
  event.preventDefault();
  // From the tab the ghost is over, else from the tab on show (whose panel is a drop target).
  const shownPanel = droppableContainers
    .getEnabled()
    .map((container) => dropTargetOf(container.id))
    .find((target) => target?.kind === "panel");
  const from = dropTargetOf(over?.id)?.kind === "tab" ? over?.id : shownPanel && tabDropId(shownPanel.place);
  const current = Math.max(
    0,
    tabs.findIndex((tab) => tab.id === from),
  );
  const step = event.code === "ArrowRight" ? 1 : -1;
  const index = Math.max(0, Math.min(tabs.length - 1, current + step));
  const { rect } = tabs[index]!;
  return {
    x: rect.left + rect.width / 2 - collisionRect.width / 2,
    y: rect.top + rect.height / 2 - collisionRect.height / 2,
  };
};

/**
 * dnd-kit's KeyboardSensor listens for the arrows and the drop keys one timer tick after the pick-up
 * (`setTimeout` in its `attach`), and Chromium runs input before timers: a key pressed while the
 * pick-up renders was lost. This one listens from the pick-up on, passing over the pick-up key's own
 * event (it would fix where the moves are measured from too early), and drops dnd-kit's later add.
 * It reaches into dnd-kit's private fields; the browser suite's keyboard drag fails if they change.
 */
class PromptKeyboardSensor extends KeyboardSensor {
  constructor(props: KeyboardSensorProps) {
    super(props);
    const sensor = this as unknown as {
      listeners: { add: (type: "keydown", handler: (event: Event) => void) => void };
      handleKeyDown: (event: Event) => void;
    };
    sensor.listeners.add("keydown", (event) => {
      if (event !== props.event) sensor.handleKeyDown(event);
    });
    sensor.listeners.add = () => {};
  }
}

/**
 * With a pointer, a drop goes where the pointer is, a tab before the panel under the sticky tab
 * bar; with the keyboard, to the tab the ghost was moved onto.
 */
const collisionDetection: CollisionDetection = (args) => {
  if (!args.pointerCoordinates) return closestCenter(args);
  const hits = pointerWithin(args);
  const tabs = hits.filter((hit) => dropTargetOf(hit.id)?.kind === "tab");
  return tabs.length > 0 ? tabs : hits;
};

/** The ghost hangs just below and right of the pointer, so the tab under the pointer stays in view. */
const ghostBesideCursor: Modifier = ({ activatorEvent, activeNodeRect, transform }) => {
  const start = activatorEvent ? getEventCoordinates(activatorEvent) : null;
  if (!start || !activeNodeRect) return transform;
  return {
    ...transform,
    x: transform.x + start.x - activeNodeRect.left + 12,
    y: transform.y + start.y - activeNodeRect.top + 12,
  };
};

interface DragState {
  ids: string[];
  origin: ItemPlacement;
}

/**
 * Where the focus goes once a write has changed the tab's items: the item that took the moved
 * items' place (null: the tab's panel, when none is left). `items` are the tab's before the write.
 */
interface FocusRequest {
  tab: ItemPlacement;
  items: SegmentationData["items"];
  id: string | null;
}

/** The focus was dropped (on the page) or is still on the board's items, not somewhere the user took it. */
function focusIsFree(panel: HTMLElement | null): boolean {
  const active = document.activeElement;
  return !active || active === document.body || Boolean(panel?.contains(active));
}

/** The tab's items; dropping items here (after a tab switched while dragging) moves them to it. */
function TabPanelDropZone({
  place,
  origin,
  children,
}: {
  place: ItemPlacement;
  /** Where the items being dragged come from: a drop back there does nothing. */
  origin: ItemPlacement | undefined;
  children: React.ReactNode;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: panelDropId(place) });
  return (
    <div
      ref={setNodeRef}
      data-drop-over={(isOver && origin !== undefined && origin !== place) || undefined}
      className="rounded-lg outline-offset-4 data-[drop-over]:outline-2 data-[drop-over]:outline-primary/40 data-[drop-over]:outline-dashed"
    >
      {children}
    </div>
  );
}

function EmptyTab({ place }: { place: ItemPlacement }) {
  return (
    <EmptyState
      className="py-16"
      icon={<PackageOpenIcon aria-hidden="true" className="mb-1 size-6 text-muted-foreground" />}
      title={itemMessages.noItems}
      description={
        place === unsortedCatalogType
          ? "Every item of this line list is in a catalog."
          : `Drag items onto the ${catalogTabLabels[place]} tab, or use Add items.`
      }
    />
  );
}

export interface SegmentationBoardProps {
  data: SegmentationData;
  activeTab: ItemPlacement;
  onTabChange: (tab: ItemPlacement) => void;
  tabItems: SegmentationData["items"];
  selection: ItemSelection;
  compact: boolean;
  /** A write is under way: no drags or actions until it ends. */
  busy: boolean;
  /** Sends a planned write; resolves whether it succeeded. */
  onPlace: (outcome: PlanOutcome) => Promise<boolean>;
}

/**
 * The tabs with their counts, the selected tab's items, and the ways to move them: dragging the
 * selection onto a tab (hovering a tab a second while dragging with the pointer opens it), or the Actions menu.
 */
export function SegmentationBoard({
  data,
  activeTab,
  onTabChange,
  tabItems,
  selection,
  compact,
  busy,
  onPlace,
}: SegmentationBoardProps) {
  const lineListId = data.lineList.id;
  const counts = useMemo(() => countsOf(data), [data]);
  const itemsById = useMemo(() => new Map(data.items.map((item) => [item.id, item])), [data.items]);

  const [drag, setDrag] = useState<DragState | null>(null);
  const draggedIds = useMemo(() => new Set(drag?.ids ?? []), [drag]);
  const dragCount = useRef(0);
  const hoverTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(hoverTimer.current), []);

  const [menuOpen, setMenuOpen] = useState(false);
  const [confirmingRemove, setConfirmingRemove] = useState(false);

  // The focus stays where the items were after a move, a copy or a removal: on the next item, or
  // on the tab's panel once it is empty, not on the page (the Actions button it would go back to
  // is disabled until something is selected again).
  const gridRef = useRef<ItemGridHandle>(null);
  const panels = useRef(new Map<ItemPlacement, HTMLDivElement>());
  const activePanel = useCallback(() => panels.current.get(activeTab) ?? null, [activeTab]);
  const lastFocusedId = useRef<string | undefined>(undefined);
  const focusRequest = useRef<FocusRequest | null>(null);
  // Set when an action of the menu or the remove dialog was chosen: the focus they give back.
  const focusOnClose = useRef<string | null | undefined>(undefined);
  const orderedIds = useMemo(() => tabItems.map((item) => item.id), [tabItems]);

  const focusItemOrPanel = useCallback(
    (id: string | null) => {
      if (id !== null && gridRef.current) gridRef.current.focusItem(id);
      else activePanel()?.focus();
    },
    [activePanel],
  );

  useEffect(() => {
    const request = focusRequest.current;
    if (!request || request.items === tabItems) return;
    focusRequest.current = null;
    if (request.tab !== activeTab || !focusIsFree(activePanel())) return;
    if (tabItems.length === 0) focusItemOrPanel(null);
    else if (request.id !== null && tabItems.some((item) => item.id === request.id))
      focusItemOrPanel(request.id);
  }, [tabItems, activeTab, activePanel, focusItemOrPanel]);

  /** Where the focus goes once `leaving` have left the tab. */
  const focusTargetAfter = useCallback(
    (leaving: readonly string[]) => focusAfterLeaving(orderedIds, new Set(leaving), lastFocusedId.current),
    [orderedIds],
  );

  const returnFocusOnClose = useCallback(
    (event: Event) => {
      const target = focusOnClose.current;
      if (target === undefined) return;
      focusOnClose.current = undefined;
      event.preventDefault();
      focusItemOrPanel(target);
    },
    [focusItemOrPanel],
  );

  const sensors = useSensors(
    // A few pixels of movement before a drag starts, so a click still selects.
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    // On a touch screen a press held a moment starts a drag, so a swipe still scrolls the page.
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 8 } }),
    useSensor(PromptKeyboardSensor, {
      coordinateGetter: tabKeyboardCoordinates,
      keyboardCodes: { start: [keyboardPickUpCode], cancel: ["Escape"], end: ["Space", "Enter"] },
    }),
  );

  const announcements = useMemo<Announcements>(() => {
    const moving = () => `${dragCount.current} item${dragCount.current === 1 ? "" : "s"}`;
    const placeOf = (id: string | number | undefined) => {
      const target = dropTargetOf(id);
      return target ? catalogTabLabels[target.place] : undefined;
    };
    return {
      onDragStart: () => `Picked up ${moving()}.`,
      onDragOver: ({ over }) => (placeOf(over?.id) ? `Over ${placeOf(over?.id)}.` : "Not over a tab."),
      onDragEnd: ({ over }) =>
        placeOf(over?.id) ? `Dropped on ${placeOf(over?.id)}.` : "Dropped; nothing moved.",
      onDragCancel: () => "Dragging cancelled; nothing moved.",
    };
  }, []);

  /** Sends a write; `leaving` are the items it takes out of the tab. */
  const place = useCallback(
    async (outcome: PlanOutcome, leaving: readonly string[]) => {
      focusRequest.current = { tab: activeTab, items: tabItems, id: focusTargetAfter(leaving) };
      if (await onPlace(outcome)) selection.clear();
      else focusRequest.current = null;
    },
    [onPlace, selection, activeTab, tabItems, focusTargetAfter],
  );

  /** A move, copy or removal chosen from the menu or the dialog, whose closing gives the focus back. */
  const placeFromMenu = useCallback(
    (outcome: PlanOutcome, leaving: readonly string[]) => {
      focusOnClose.current = focusTargetAfter(leaving);
      return place(outcome, leaving);
    },
    [place, focusTargetAfter],
  );

  function onDragStart({ active }: DragStartEvent) {
    const id = String(active.id);
    const ids = selection.selection.ids.has(id) ? selection.selectedIds : [id];
    dragCount.current = ids.length;
    setDrag({ ids, origin: activeTab });
  }

  function onDragOver({ over, activatorEvent }: DragOverEvent) {
    clearTimeout(hoverTimer.current);
    // Hovering is the pointer's: a keyboard drag moves over the tabs with the arrow keys, and a tab
    // opening under it after a pause would hide the grid the user's focus goes back to.
    if (activatorEvent instanceof KeyboardEvent) return;
    const target = dropTargetOf(over?.id);
    if (target?.kind !== "tab" || target.place === activeTab) return;
    hoverTimer.current = setTimeout(() => onTabChange(target.place), segmentationLimits.dragTabHoverDelayMs);
  }

  function onDragEnd({ over }: DragEndEvent) {
    clearTimeout(hoverTimer.current);
    const current = drag;
    setDrag(null);
    const target = dropTargetOf(over?.id);
    if (!current || !target) return;
    if (target.place === current.origin) {
      // Back where they came from: nothing to do, and a drop on the tab itself says why.
      if (target.kind === "tab") toast.info(segmentationMessages.sameCategory);
      return;
    }
    void place(
      planMove({ lineListId, modelCodes: current.ids, origin: current.origin, target: target.place }),
      current.ids,
    );
  }

  function onDragCancel() {
    clearTimeout(hoverTimer.current);
    setDrag(null);
  }

  const selectedCount = selection.selectedIds.length;
  const openActions = useCallback(() => setMenuOpen(true), []);
  const ghostItems = useMemo(
    () =>
      (drag?.ids ?? []).slice(0, segmentationLimits.dragGhostMaxStack).flatMap((id) => {
        const item = itemsById.get(id);
        return item ? [item] : [];
      }),
    [drag, itemsById],
  );

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisionDetection}
      measuring={{ droppable: { strategy: MeasuringStrategy.Always } }}
      autoScroll={false}
      accessibility={{ announcements, screenReaderInstructions }}
      onDragStart={onDragStart}
      onDragOver={onDragOver}
      onDragEnd={onDragEnd}
      onDragCancel={onDragCancel}
    >
      <Tabs
        value={activeTab}
        onValueChange={(value) => onTabChange(value as ItemPlacement)}
        className="gap-0"
      >
        <div className="sticky top-12 z-[5] -mx-4 flex flex-col gap-3 border-b bg-background/95 px-4 pt-2 pb-3 backdrop-blur supports-[backdrop-filter]:bg-background/85 lg:-mx-6 lg:px-6">
          <TabsList
            aria-label="Catalogs of the line list"
            className="grid h-auto w-full grid-cols-2 gap-[3px] sm:inline-flex sm:h-10 sm:w-fit"
          >
            {itemPlacementValues.map((tab) => (
              <CatalogTab key={tab} place={tab} count={counts[tab]} dragActive={drag !== null} />
            ))}
          </TabsList>
          <SelectionToolbar
            place={activeTab}
            total={tabItems.length}
            selectedCount={selectedCount}
            busy={busy}
            menuOpen={menuOpen}
            onMenuOpenChange={setMenuOpen}
            onMenuCloseAutoFocus={returnFocusOnClose}
            onSelectAll={selection.selectAll}
            onClear={selection.clear}
            onMove={(target) =>
              void placeFromMenu(
                planMove({ lineListId, modelCodes: selection.selectedIds, origin: activeTab, target }),
                selection.selectedIds,
              )
            }
            onCopy={(target: CatalogType) =>
              void placeFromMenu(
                planCopy({ lineListId, modelCodes: selection.selectedIds, origin: activeTab, target }),
                [],
              )
            }
            onRemove={() => setConfirmingRemove(true)}
          />
        </div>
        {itemPlacementValues.map((tab) => (
          <TabsContent
            key={tab}
            value={tab}
            // The cards take focus themselves; an empty panel takes it instead.
            tabIndex={tab === activeTab && tabItems.length > 0 ? -1 : 0}
            className="pt-4 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
            ref={(node) => {
              if (node) panels.current.set(tab, node);
              else panels.current.delete(tab);
            }}
            onFocus={(event) => {
              const id = (event.target as HTMLElement).dataset.itemId;
              if (id !== undefined) lastFocusedId.current = id;
            }}
          >
            <TabPanelDropZone place={tab} origin={drag?.origin}>
              {tab !== activeTab ? null : tabItems.length === 0 ? (
                <EmptyTab place={tab} />
              ) : (
                <ItemGrid
                  ref={gridRef}
                  items={tabItems}
                  place={tab}
                  label={catalogTabLabels[tab]}
                  selectedIds={selection.selection.ids}
                  selection={selection}
                  compact={compact}
                  draggedIds={draggedIds}
                  disabled={busy}
                  onOpenActions={openActions}
                />
              )}
            </TabPanelDropZone>
          </TabsContent>
        ))}
      </Tabs>
      <DragOverlay dropAnimation={null} modifiers={[ghostBesideCursor]}>
        {drag ? <DragGhost items={ghostItems} count={drag.ids.length} /> : null}
      </DragOverlay>
      <ConfirmDialog
        open={confirmingRemove}
        onOpenChange={setConfirmingRemove}
        title={`Remove ${selectedCount.toLocaleString("en-US")} item${selectedCount === 1 ? "" : "s"} from ${catalogTabLabels[activeTab]}?`}
        description="Items in no other catalog go back to Unsorted items."
        confirmLabel="Remove"
        pendingLabel="Removing..."
        pending={busy}
        destructive
        onCloseAutoFocus={returnFocusOnClose}
        onConfirm={() => {
          void placeFromMenu(
            planRemove({ lineListId, modelCodes: selection.selectedIds, origin: activeTab }),
            selection.selectedIds,
          ).finally(() => setConfirmingRemove(false));
        }}
      />
    </DndContext>
  );
}
