import { openStockMessages } from "@cm/contracts/open-stock";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { expect, it } from "vitest";
import { OrderGrid } from "@/features/orders/components/order-grid";
import {
  type OrderGridLineList,
  type OrderGridQuantities,
  withQuantity,
} from "@/features/orders/utils/order-grid";

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
      modelCode: "10001-001",
      name: "Classic Clog",
      color: "Black",
      imageUrl: null,
      msrp: "49.99",
      unitWhs: "25.00",
      sizes: [
        { size: "M8", sku: "10001-001-M8", availableQuantity: 5 },
        { size: "M9", sku: "10001-001-M9", availableQuantity: 0 },
        { size: "M10", sku: "10001-001-M10" },
      ],
    },
  ],
};

function EditableGrid() {
  const [quantities, setQuantities] = useState<OrderGridQuantities>({});
  return (
    <OrderGrid
      lineList={lineList}
      quantities={quantities}
      onQuantityChange={(cell, quantity) => setQuantities((current) => withQuantity(current, cell, quantity))}
    />
  );
}

it("shows each SKU's available quantity and warns, without refusing, when a quantity exceeds it", async () => {
  const user = userEvent.setup();
  render(<EditableGrid />);
  const grid = screen.getByRole("table");
  const m8 = within(grid).getByRole("textbox", { name: "10001-001 size M8" });
  const m9 = within(grid).getByRole("textbox", { name: "10001-001 size M9" });
  const m10 = within(grid).getByRole("textbox", { name: "10001-001 size M10" });

  // Small text under each cell whose quantity is known; nothing where it is unknown.
  expect(within(grid).getByText(openStockMessages.available(5))).toBeInTheDocument();
  expect(m8).toHaveAccessibleDescription(openStockMessages.availableLabel(5));
  expect(m9).toHaveAccessibleDescription(openStockMessages.availableLabel(0));
  expect(m10).not.toHaveAccessibleDescription();

  await user.type(m8, "5");
  expect(m8).toHaveAccessibleDescription(openStockMessages.availableLabel(5));
  await user.clear(m8);
  await user.type(m8, "7");
  // Kept as typed, with the warning: staff may sell more than there is.
  expect(m8).toHaveValue("7");
  expect(m8).toHaveAccessibleDescription(openStockMessages.overAvailable(5));
  expect(m8).toHaveAttribute("title", openStockMessages.overAvailable(5));
  expect(m8).not.toHaveAttribute("aria-invalid");

  await user.type(m9, "1");
  expect(m9).toHaveAccessibleDescription(openStockMessages.overAvailable(0));
  await user.type(m10, "40");
  expect(m10).toHaveValue("40");
  expect(m10).not.toHaveAccessibleDescription();
});
