import {
  orderLimits,
  orderMessages,
  type OrderType,
  orderTypeOfLineListType,
  orderTypeSchema,
} from "@cm/contracts/orders";
import { useMemo, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { toast } from "@/lib/toast";
import { PageHeader } from "@/components/list-page";
import { ListLoadError } from "@/components/list-states";
import { paths } from "@/config/paths";
import { useCreateOrder } from "@/features/orders/api/create-order";
import { useOrderOffer } from "@/features/orders/api/get-order-offer";
import { OrderCreateLineLists } from "@/features/orders/components/order-create-line-lists";
import { type OrderCreateSelection, OrderCreateSetup } from "@/features/orders/components/order-create-setup";
import { OrderCreateSummaryBar } from "@/features/orders/components/order-create-summary-bar";
import { OrderGrid, OrderGridSkeleton } from "@/features/orders/components/order-grid";
import { ImportOrderFormButton } from "@/features/orders/components/import-order-form-button";
import { activeStoreOptions, useOrderCreateOptions } from "@/features/orders/hooks/use-order-create-options";
import { useOrderGrid } from "@/features/orders/hooks/use-order-grid";
import { useOrderGridLeaveGuard } from "@/features/orders/hooks/use-order-grid-leave-guard";
import {
  countOverAvailable,
  isMultibrand,
  lineListRefusal,
  localToday,
  orderGridTotals,
  orderLinesFromGrid,
} from "@/features/orders/utils/order-grid";

function idParam(value: string | null): number | undefined {
  const id = Number(value);
  return value && Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** What the list the person came from preset: customer, store, order type, line list. */
function presetSelection(params: URLSearchParams): OrderCreateSelection {
  const orderType = orderTypeSchema.safeParse(params.get("orderType"));
  const lineListId = idParam(params.get("lineListId"));
  return {
    organizationId: idParam(params.get("organizationId")),
    storeId: idParam(params.get("storeId")),
    orderType: orderType.success ? orderType.data : undefined,
    lineListIds: lineListId === undefined ? [] : [lineListId],
  };
}

/**
 * `/home/orders/new`: customer, store, order type and line lists step by step, then a grid of
 * styles by sizes per line list with running totals; Save writes the order and opens it.
 */
export default function OrderCreateRoute() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [choice, setChoice] = useState(() => presetSelection(searchParams));
  const [today] = useState(localToday);
  const options = useOrderCreateOptions();
  const { storesById, lineLists } = options;

  // A preset store names its customer; a preset line list names the order type.
  const organizationId =
    choice.organizationId ??
    (choice.storeId === undefined ? undefined : storesById.get(choice.storeId)?.organizationId);
  const storeOptions = useMemo(
    () => activeStoreOptions(storesById, organizationId),
    [storesById, organizationId],
  );
  const storeId = storeOptions.some((option) => option.value === String(choice.storeId))
    ? choice.storeId
    : undefined;
  const presetLineList =
    choice.orderType === undefined
      ? lineLists?.find((lineList) => lineList.id === choice.lineListIds[0])
      : undefined;
  const orderType: OrderType | undefined =
    choice.orderType ?? (presetLineList ? orderTypeOfLineListType[presetLineList.type] : undefined);

  const typeLineLists = useMemo(
    () =>
      orderType === undefined
        ? []
        : (lineLists ?? [])
            .filter((lineList) => orderTypeOfLineListType[lineList.type] === orderType)
            .sort((a, b) => a.brandName.localeCompare(b.brandName) || a.name.localeCompare(b.name)),
    [lineLists, orderType],
  );
  // Only line lists the type offers and that still take orders are chosen, whatever the URL said.
  const selectedLineLists = useMemo(
    () =>
      typeLineLists.filter(
        (lineList) => choice.lineListIds.includes(lineList.id) && lineListRefusal(lineList, today) === null,
      ),
    [typeLineLists, choice.lineListIds, today],
  );
  const lineListIds = useMemo(() => selectedLineLists.map((lineList) => lineList.id), [selectedLineLists]);
  const multibrand = isMultibrand(selectedLineLists);
  const selection: OrderCreateSelection = { organizationId, storeId, orderType, lineListIds };

  const offer = useOrderOffer(storeId, lineListIds);
  const gridLineLists = useMemo(
    () => (offer.data?.lineLists ?? []).filter((lineList) => lineListIds.includes(lineList.id)),
    [offer.data, lineListIds],
  );
  const grid = useOrderGrid();
  const totals = useMemo(
    () => orderGridTotals(gridLineLists, grid.quantities),
    [gridLineLists, grid.quantities],
  );
  const overAvailable = useMemo(
    () => countOverAvailable(gridLineLists, grid.quantities),
    [gridLineLists, grid.quantities],
  );
  const guard = useOrderGridLeaveGuard(totals.lines > 0);
  const creation = useCreateOrder();

  const hint =
    storeId === undefined
      ? "Choose a customer and a store."
      : orderType === undefined || lineListIds.length === 0
        ? "Choose an order type and at least one line list."
        : totals.lines === 0
          ? orderMessages.noLinesEntered
          : totals.lines > orderLimits.linesMax
            ? orderMessages.tooManyLines
            : null;
  const canSave = hint === null && !offer.isPlaceholderData;

  function save() {
    if (storeId === undefined || orderType === undefined) return;
    const { lines, cells } = orderLinesFromGrid(gridLineLists, grid.quantities);
    creation.mutate(
      { storeId, orderType, lines },
      {
        onSuccess: (order) => {
          toast.success(orderMessages.created);
          guard.allowLeave();
          void navigate(paths.home.orders.detail.getHref(order.id));
        },
        onError: (error) => {
          grid.showRefusal(error, cells);
          toast.error(orderMessages.createFailed, { description: error.message });
        },
      },
    );
  }

  return (
    <section aria-labelledby="page-title" className="flex flex-1 flex-col gap-6">
      <PageHeader
        title="New Order"
        description="Write an order for a customer's store from the published line lists."
        actions={<ImportOrderFormButton organizationId={organizationId} storeId={storeId} />}
      />
      <div className="flex flex-col gap-8 rounded-lg border p-4">
        <OrderCreateSetup
          selection={selection}
          customerOptions={options.customerOptions}
          customersLoading={options.customersLoading}
          storeOptions={storeOptions}
          storesLoading={options.storesLoading}
          onCustomerChange={(id) =>
            setChoice((current) => ({
              ...current,
              organizationId: id,
              storeId: id === organizationId ? storeId : undefined,
            }))
          }
          onStoreChange={(id) => setChoice((current) => ({ ...current, organizationId, storeId: id }))}
          onOrderTypeChange={(next) =>
            setChoice((current) => ({
              ...current,
              orderType: next,
              lineListIds: next === orderType ? lineListIds : [],
            }))
          }
        />
        <OrderCreateLineLists
          orderType={orderType}
          lineLists={typeLineLists}
          loading={options.lineListsQuery.isPending}
          error={options.lineListsQuery.error}
          onRetry={() => void options.lineListsQuery.refetch()}
          selectedIds={lineListIds}
          multibrand={multibrand}
          today={today}
          onToggle={(id, checked) =>
            setChoice((current) => ({
              ...current,
              orderType,
              lineListIds: checked ? [...lineListIds, id] : lineListIds.filter((other) => other !== id),
            }))
          }
        />
      </div>

      {storeId !== undefined && lineListIds.length > 0 && (
        <div className="flex flex-col gap-8" aria-busy={offer.isFetching}>
          {offer.isError ? (
            <ListLoadError
              title={orderMessages.offerLoadFailed}
              message={offer.error.message}
              onRetry={() => void offer.refetch()}
            />
          ) : offer.isPending ? (
            lineListIds.map((id) => <OrderGridSkeleton key={id} />)
          ) : (
            <>
              {gridLineLists.map((lineList) => (
                <OrderGrid
                  key={lineList.id}
                  lineList={lineList}
                  quantities={grid.quantities}
                  errors={grid.errors}
                  onQuantityChange={grid.changeQuantity}
                  emptyText={orderMessages.noOrderableStyles}
                />
              ))}
              {offer.isPlaceholderData && <OrderGridSkeleton />}
            </>
          )}
        </div>
      )}

      <OrderCreateSummaryBar
        totals={totals}
        multibrand={multibrand}
        hint={hint}
        overAvailable={overAvailable}
        canSave={canSave}
        saving={creation.isPending}
        onSave={save}
      />
      {guard.dialog}
    </section>
  );
}
