import { type OrderListQuery, orderMessages } from "@cm/contracts/orders";
import { useMutation } from "@tanstack/react-query";
import { format } from "date-fns";
import { toast } from "@/lib/toast";
import { getAllOrders } from "@/features/orders/api/get-orders";
import { ordersToCsv } from "@/features/orders/utils/orders-csv";

function download(fileName: string, text: string) {
  // The byte order mark makes spreadsheet programs read the file as UTF-8.
  const url = URL.createObjectURL(new Blob(["\uFEFF", text], { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** Export CSV: every order of the filtered list (all pages), saved as `{name}-{date}.csv`. */
export function useOrderListExport(name: string) {
  const exporting = useMutation({
    mutationFn: (query: OrderListQuery) => getAllOrders(query),
    onSuccess: (orders) => download(`${name}-${format(new Date(), "yyyy-MM-dd")}.csv`, ordersToCsv(orders)),
    onError: (error) => {
      console.error(error);
      toast.error(orderMessages.exportFailed, { description: error.message });
    },
  });
  return { exportCsv: (query: OrderListQuery) => exporting.mutate(query), exporting: exporting.isPending };
}
