import { openStockMessages } from "@cm/contracts/open-stock";
import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { expect, it } from "vitest";
import { OrderCreateSummaryBar } from "@/features/orders/components/order-create-summary-bar";
import { countOverAvailable, gridStyleKey, type OrderGridLineList } from "@/features/orders/utils/order-grid";

const lineList: OrderGridLineList = {
  id: 3,
  name: "Basics",
  brandId: 1,
  brandName: "Crocs",
  deadline: null,
  dateOfAvailability: null,
  styles: [
    {
      productId: 1,
      modelCode: "CR-1",
      name: null,
      color: null,
      imageUrl: null,
      msrp: "40.00",
      unitWhs: "20.00",
      sizes: [
        { size: "M8", sku: "CR-1-8", availableQuantity: 5 },
        { size: "M9", sku: "CR-1-9", availableQuantity: 0 },
        { size: "M10", sku: "CR-1-10" },
      ],
    },
  ],
};

it("counts the cells above their SKU's available quantity, and none where it is unknown", () => {
  const key = gridStyleKey(3, 1);
  expect(countOverAvailable([lineList], {})).toBe(0);
  expect(countOverAvailable([lineList], { [key]: { "CR-1-8": 5, "CR-1-10": 99 } })).toBe(0);
  expect(countOverAvailable([lineList], { [key]: { "CR-1-8": 6, "CR-1-9": 1, "CR-1-10": 99 } })).toBe(2);
});

it("warns in New Order's footer when quantities exceed what is available, and keeps Save", () => {
  render(
    <MemoryRouter>
      <OrderCreateSummaryBar
        totals={{ units: 7, cents: 14_000, lines: 2 }}
        multibrand={false}
        hint={null}
        overAvailable={2}
        canSave
        saving={false}
        onSave={() => {}}
      />
    </MemoryRouter>,
  );
  expect(screen.getByRole("status")).toHaveTextContent(
    "2 sizes are above the available quantity; the order can still be saved",
  );
  expect(openStockMessages.sizesOverAvailable(1)).toBe(
    "1 size is above the available quantity; the order can still be saved",
  );
  expect(screen.getByRole("button", { name: "Save order" })).toBeEnabled();
});
