import { lineListMessages } from "@cm/contracts/line-lists";
import { screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { seedSession } from "@/testing/auth";
import { brands } from "@/testing/customers-api";
import { mockFetch, type MockResponse, ok } from "@/testing/mock-fetch";
import { renderApp } from "@/testing/render-app";

beforeEach(() => seedSession());

// The first visit loads the shell's and the dialog's code on demand: slow on a busy machine.
vi.setConfig({ testTimeout: 30_000 });
const firstRender = { timeout: 20_000 };

const crocs = brands[0]!;

/** From the sidebar to the Upload Inventory dialog's line list step. */
async function openLineListStep(brands: () => MockResponse) {
  mockFetch({ "/api/brands": brands });
  const { user } = renderApp("/home/orders");
  const nav = await screen.findByRole("navigation", { name: "Main" }, firstRender);
  await user.click(await within(nav).findByRole("button", { name: "Upload Inventory" }));
  const dialog = await screen.findByRole("dialog", { name: "Upload Inventory" }, firstRender);
  await user.click(within(dialog).getByRole("button", { name: /Brand Line List/ }));
  return { user, dialog: await screen.findByRole("dialog", { name: "Upload Brand Line List" }) };
}

describe("Upload Inventory: the brand picker", () => {
  it("says the brand list is not loaded when the brands call fails, and loads it on Try again", async () => {
    let failing = true;
    const { user, dialog } = await openLineListStep(() =>
      failing
        ? {
            status: 500,
            body: { success: false, message: "Something went wrong in the server.", data: null },
          }
        : ok([crocs]),
    );
    const brand = within(dialog).getByRole("combobox", { name: "Brand" });
    expect(await within(dialog).findByText("Brand list is not loaded")).toBeInTheDocument();
    expect(brand).toHaveAttribute("aria-invalid", "true");
    expect(brand).toHaveAccessibleDescription(/Brand list is not loaded/);

    failing = false;
    await user.click(within(dialog).getByRole("button", { name: "Try again" }));
    await user.click(brand);
    expect(await screen.findByRole("option", { name: "Crocs" })).toBeInTheDocument();
    expect(within(dialog).queryByText("Brand list is not loaded")).not.toBeInTheDocument();
  });

  it("says the brand list is empty when there is no brand", async () => {
    const { user, dialog } = await openLineListStep(() => ok([]));
    expect(await within(dialog).findByText("Brand list is empty")).toBeInTheDocument();
    expect(within(dialog).queryByRole("button", { name: "Try again" })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole("combobox", { name: "Brand" }));
    expect(await screen.findByRole("listbox", { name: "Choose a brand" })).toHaveTextContent(
      "Brand list is empty",
    );
  });
});

describe("Upload Inventory: the new line list's name", () => {
  it("is prefilled from the file's name, can be changed, and a blank one says why Upload is disabled", async () => {
    const { user, dialog } = await openLineListStep(() => ok(brands));
    await user.click(within(dialog).getByRole("combobox", { name: "Line list type" }));
    await user.click(await screen.findByRole("option", { name: "Own Stock" }));
    await user.click(within(dialog).getByRole("combobox", { name: "Brand" }));
    await user.click(await screen.findByRole("option", { name: "Crocs" }));
    await user.upload(
      within(dialog).getByLabelText(/Choose a workbook/),
      new File(["not really a workbook"], "LL_export Spring 2027.xlsx"),
    );

    const name = await within(dialog).findByRole("textbox", { name: "Line list name" });
    expect(name).toHaveValue("LL_export Spring 2027");
    const upload = within(dialog).getByRole("button", { name: "Upload" });
    expect(upload).toBeEnabled();

    await user.clear(name);
    expect(name).toHaveAttribute("aria-invalid", "true");
    expect(name).toHaveAccessibleDescription(new RegExp(lineListMessages.nameRequired));
    expect(upload).toBeDisabled();

    await user.type(name, "Crocs Spring 2027 Core");
    expect(name).not.toHaveAttribute("aria-invalid");
    expect(upload).toBeEnabled();
  });
});
