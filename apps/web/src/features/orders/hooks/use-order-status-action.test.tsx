import { orderMessages } from "@cm/contracts/orders";
import { QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook } from "@testing-library/react";
import type * as React from "react";
import { describe, expect, it } from "vitest";
import { useOrderStatusAction } from "@/features/orders/hooks/use-order-status-action";
import { createQueryClient } from "@/lib/react-query";

const order = { id: 7, number: "SO-000007", _revision: 4 };

function renderAction() {
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: React.ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(() => useOrderStatusAction(order), { wrapper });
}

describe("useOrderStatusAction's confirmation", () => {
  it("keeps the move's own texts while the dialog closes (its fade-out shows them)", () => {
    const { result } = renderAction();
    act(() => result.current.requestStatus("shipped"));
    expect(result.current.dialog.props).toMatchObject({
      open: true,
      title: orderMessages.moveConfirmTitle(order.number, "shipped"),
      destructive: false,
    });

    act(() => result.current.dialog.props.onOpenChange(false));
    // Closed, but not turned into the cancellation's red dialog on its way out.
    expect(result.current.dialog.props).toMatchObject({
      open: false,
      title: orderMessages.moveConfirmTitle(order.number, "shipped"),
      description: orderMessages.moveConfirmDescription("shipped"),
      destructive: false,
    });
  });

  it("asks about a cancellation in its own words", () => {
    const { result } = renderAction();
    act(() => result.current.requestStatus("cancelled"));
    expect(result.current.dialog.props).toMatchObject({
      open: true,
      title: orderMessages.cancelConfirmTitle(order.number),
      description: orderMessages.cancelConfirmDescription,
      confirmLabel: "Yes, cancel order",
      destructive: true,
    });
  });
});
