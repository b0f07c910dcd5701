import { screen, within } from "@testing-library/react";
import { expect, it } from "vitest";
import { seedSession } from "@/testing/auth";
import { mockFetch, ok } from "@/testing/mock-fetch";
import { renderApp } from "@/testing/render-app";

it("opens the Open Stock step from the Upload Inventory dialog", async () => {
  seedSession();
  mockFetch({
    "/api/line-lists/with-catalogs-info": {
      status: 200,
      body: {
        success: true,
        message: "OK",
        data: [],
        pagination: { page: 1, pageSize: 10, total: 0, totalPages: 1 },
      },
    },
    "/api/brands": ok([]),
  });
  const { user } = renderApp("/home");
  await user.click(await screen.findByRole("button", { name: "Upload Line List" }, { timeout: 20_000 }));
  const dialog = await screen.findByRole("dialog", { name: "Upload Inventory" }, { timeout: 20_000 });
  await user.click(within(dialog).getByRole("button", { name: /Open Stock/ }));
  expect(await screen.findByText("Choose a stock file", {}, { timeout: 10_000 })).toBeInTheDocument();
  expect(screen.getByRole("dialog", { name: "Upload Open Stock" })).toBeInTheDocument();
  await user.click(screen.getByRole("button", { name: "Back" }));
  expect(await screen.findByRole("dialog", { name: "Upload Inventory" })).toBeInTheDocument();
});
