import { orderMessages } from "@cm/contracts/orders";
import { readFile } from "node:fs/promises";
import type { Locator, Page } from "@playwright/test";
import ExcelJS from "exceljs";
import { expect } from "./support/fixtures.ts";
import { testWithOwnApp } from "./support/own-app.ts";

/**
 * Orders through the screens, against the demo data (`npm run seed:demo`): its customers and
 * stores, the published open-stock line lists of Crocs, Skechers and Hey Dude (WHS is half the
 * MSRP, no customer discount), and a year of demo orders placed before the test starts. An order
 * is written on New Order's grid, found on the dashboard and the lists, and moved to Completed;
 * then an order form is downloaded, filled in as a customer would, and imported as a second order.
 * The steps share the app and the order, so they run in order.
 */
const test = testWithOwnApp({ seedDemo: true });
test.describe.configure({ mode: "serial" });

const xlsxType = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** The order the first step writes: its number ("SO-000151") and its page. */
let written: { number: string; path: string } | undefined;

function writtenOrder() {
  if (!written) throw new Error("The order was not written: the first test failed.");
  return written;
}

/** Opens a combobox by its label and picks an option: options live in a popover outside `scope`. */
async function choose(page: Page, scope: Page | Locator, field: string, option: string) {
  await scope.getByRole("combobox", { name: field }).click();
  await page.getByRole("listbox").getByRole("option", { name: option, exact: true }).click();
}

const quantityCell = (grid: Locator, modelCode: string, size: string) =>
  grid.getByRole("textbox", { name: `${modelCode} size ${size}` });

const styleRow = (grid: Locator, modelCode: string) =>
  grid.getByRole("row").filter({ has: grid.page().getByRole("rowheader", { name: new RegExp(modelCode) }) });

/** The units and WHS figures in `scope`, in page order (the order's, then each line list's). */
const units = (scope: Locator) => scope.locator('dt:text-is("Units") + dd');
const whs = (scope: Locator) => scope.locator('dt:text-is("WHS") + dd');

/** One fact of the order detail's summary (Customer, Store, Type...). */
const fact = (page: Page, label: string) => page.getByRole("main").locator(`dt:text-is("${label}") + dd`);

/** The detail header's line under the number: customer · store, status, Multibrand. */
const detailHeader = (page: Page) => page.getByRole("main").locator("#page-title + p");

const statusActions = [
  "Edit quantities",
  "Cancel order",
  "Start processing",
  "Mark as shipped",
  "Mark as delivered",
  "Complete",
];

/** Exactly these action buttons on the detail, none of the others. */
async function expectActions(page: Page, allowed: string[]) {
  const main = page.getByRole("main");
  for (const name of statusActions) {
    await expect(main.getByRole("button", { name, exact: true })).toHaveCount(allowed.includes(name) ? 1 : 0);
  }
}

test("writes a multibrand open-stock order on New Order's grid with the keyboard", async ({ page, axe }) => {
  test.slow();
  await page.goto("/home/orders/new");
  await expect(page.getByRole("heading", { name: "New Order", level: 1 })).toBeVisible();
  const main = page.getByRole("main");
  const total = page.getByRole("region", { name: "Order total" });
  const save = page.getByRole("button", { name: "Save order" });
  await expect(page.getByRole("combobox", { name: "Store" })).toBeDisabled();
  await expect(total.getByRole("status")).toHaveText("Choose a customer and a store.");
  await expect(save).toBeDisabled();

  await choose(page, page, "Customer", "Sunset Soles");
  await choose(page, page, "Store", "Lincoln Road");
  await expect(total.getByRole("status")).toHaveText("Choose an order type and at least one line list.");
  // The radios are the labels' hidden inputs: a person clicks the label.
  await page.getByRole("radiogroup", { name: "Order type" }).getByText("Open Stock").click();
  await expect(page.getByRole("radio", { name: "Open Stock" })).toBeChecked();

  // The published open-stock line lists of every brand; two brands make the order multibrand.
  await expect(page.getByRole("checkbox", { name: "Hey Dude Core Own Stock" })).toBeEnabled();
  await page.getByRole("checkbox", { name: "Crocs Core Own Stock" }).check();
  await expect(main.getByText("Multibrand")).toHaveCount(0);
  await page.getByRole("checkbox", { name: "Skechers Core Own Stock" }).check();
  await expect(total.getByText("Multibrand")).toBeVisible();

  const crocs = page.getByRole("table", { name: "Crocs · Crocs Core Own Stock" });
  const skechers = page.getByRole("table", { name: "Skechers · Skechers Core Own Stock" });
  await expect(quantityCell(crocs, "10001-001", "M4/W6")).toBeVisible();
  await expect(quantityCell(skechers, "216100-BLA", "W6")).toBeVisible();
  await expect(total.getByRole("status")).toHaveText(
    "Enter a quantity in at least one size to write the order",
  );
  expect(await axe(page)).toEqual([]);

  // Typed as in a spreadsheet: arrows move between cells, skipping styles without the size.
  await quantityCell(crocs, "10001-001", "M4/W6").click();
  await page.keyboard.type("2");
  await page.keyboard.press("ArrowRight");
  await expect(quantityCell(crocs, "10001-001", "M5/W7")).toBeFocused();
  await page.keyboard.type("3");
  await page.keyboard.press("ArrowDown");
  // 10008-001, 10015-001 and 10022-001 are women's, men's and kids' styles: no M5/W7.
  await expect(quantityCell(crocs, "10029-001", "M5/W7")).toBeFocused();
  await page.keyboard.type("4");
  // 5 × $25.00 and 4 × $17.50.
  await expect(styleRow(crocs, "10001-001")).toContainText("$125.00");
  await expect(styleRow(crocs, "10029-001")).toContainText("$70.00");
  await expect(units(total)).toHaveText("9");
  await expect(whs(total)).toHaveText("$195.00");

  // Tab and Shift+Tab move to the next and previous cell, as in a spreadsheet.
  await page.keyboard.press("Tab");
  await expect(quantityCell(crocs, "10029-001", "M6/W8")).toBeFocused();
  await page.keyboard.press("Shift+Tab");
  await expect(quantityCell(crocs, "10029-001", "M5/W7")).toBeFocused();
  // Each grid is one tab stop, left with Escape: on to the next line list's first cell (its
  // sizes in scale order: men's before women's).
  await page.keyboard.press("Escape");
  await expect(skechers.getByRole("textbox").first()).toBeFocused();
  await quantityCell(skechers, "216100-BLA", "W6").click();
  await page.keyboard.type("5");
  await page.keyboard.press("ArrowDown");
  await expect(quantityCell(skechers, "216111-BLA", "W6")).toBeFocused();
  await page.keyboard.type("1");
  // 5 × $32.50 and 1 × $37.50.
  await expect(units(total)).toHaveText("15");
  await expect(whs(total)).toHaveText("$395.00");
  await expect(total.getByRole("status")).toHaveCount(0);

  await save.click();
  await expect(page.getByText("Order created successfully")).toBeVisible();
  await expect(page).toHaveURL(/\/home\/orders\/\d+$/);
  const heading = page.getByRole("heading", { level: 1 });
  await expect(heading).toHaveText(/^SO-\d{6}$/);
  written = { number: (await heading.textContent())!, path: new URL(page.url()).pathname };

  await expect(detailHeader(page)).toContainText("Sunset Soles · Lincoln Road");
  await expect(detailHeader(page)).toContainText("Pending");
  await expect(detailHeader(page)).toContainText("Multibrand");
  await expect(fact(page, "Customer").getByRole("link", { name: "Sunset Soles" })).toHaveAttribute(
    "href",
    /\/home\/orders\/all\?organizationId=\d+$/,
  );
  await expect(fact(page, "Store")).toHaveText("Lincoln Road");
  await expect(fact(page, "Type")).toHaveText("Open Stock (from Own Stock line lists)");
  await expect(fact(page, "Placed")).toContainText("by Admin User");
  await expect(fact(page, "Brands")).toHaveText("Crocs, Skechers");
  // The order's totals, then each line list's.
  await expect(units(main)).toHaveText(["15", "9", "6"]);
  await expect(whs(main)).toHaveText(["$395.00", "$195.00", "$200.00"]);

  // The lines, read-only, by the sizes ordered.
  const crocsLines = page.getByRole("table", { name: "Crocs · Crocs Core Own Stock" });
  await expect(crocsLines.getByRole("textbox")).toHaveCount(0);
  await expect(crocsLines.getByRole("columnheader")).toHaveText([
    "Style",
    "WHS",
    "MSRP",
    "M4/W6",
    "M5/W7",
    "Units",
    "Total WHS",
  ]);
  await expect(styleRow(crocsLines, "10001-001").getByRole("cell")).toHaveText([
    "$25.00",
    "$49.99",
    "2",
    "3",
    "5",
    "$125.00",
  ]);
  await expect(styleRow(crocsLines, "10029-001").getByRole("cell")).toHaveText([
    "$17.50",
    "$34.99",
    "",
    "4",
    "4",
    "$70.00",
  ]);
  const skechersLines = page.getByRole("table", { name: "Skechers · Skechers Core Own Stock" });
  await expect(skechersLines.getByRole("row")).toHaveCount(3);
  await expect(styleRow(skechersLines, "216100-BLA")).toContainText("$162.50");
  await expect(styleRow(skechersLines, "216111-BLA")).toContainText("$37.50");

  const history = page.getByRole("list", { name: "History" });
  await expect(history.getByRole("listitem")).toHaveCount(1);
  await expect(history.getByRole("listitem")).toContainText(/Placed as\s*Pending/);
  await expect(history.getByRole("listitem")).toContainText("Admin User");
  expect(await axe(page)).toEqual([]);
});

test("on a phone, New Order's style column keeps to a third of the grid, clear of the focused cell and the totals", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/home/orders/new");
  await choose(page, page, "Customer", "Sunset Soles");
  await choose(page, page, "Store", "Lincoln Road");
  await page.getByRole("radiogroup", { name: "Order type" }).getByText("Open Stock").click();
  await page.getByRole("checkbox", { name: "Crocs Core Own Stock" }).check();
  const grid = page.getByRole("table", { name: "Crocs · Crocs Core Own Stock" });
  const first = quantityCell(grid, "10001-001", "M4/W6");
  await expect(first).toBeVisible();
  const scroller = grid.locator("xpath=..");
  const area = (await scroller.boundingBox())!;
  const column = (await grid.getByRole("columnheader", { name: "Style" }).boundingBox())!;
  expect(column.width).toBeLessThanOrEqual(area.width / 3 + 1);
  const columnEnd = column.x + column.width;

  // Along the row and back: each focused cell is clear of the pinned column.
  await first.click();
  const focused = page.locator(":focus");
  for (const key of [...Array<string>(10).fill("Tab"), ...Array<string>(10).fill("Shift+Tab")]) {
    await page.keyboard.press(key);
    const box = (await focused.boundingBox())!;
    expect(box.x, key).toBeGreaterThanOrEqual(columnEnd);
    expect(box.x + box.width, key).toBeLessThanOrEqual(area.x + area.width + 1);
  }
  await page.screenshot({ path: test.info().outputPath("new-order-phone.png") });

  // Down the size's column to the last style: each focused cell clear of the totals bar.
  const total = page.getByRole("region", { name: "Order total" });
  await first.click();
  let previous = "";
  for (;;) {
    const name = (await focused.getAttribute("aria-label")) ?? "";
    if (name === previous) break;
    previous = name;
    const box = (await focused.boundingBox())!;
    const bar = (await total.boundingBox())!;
    expect(box.y + box.height, name).toBeLessThanOrEqual(bar.y);
    await page.keyboard.press("ArrowDown");
  }
  // The grid's last row, scrolled to, is above the bar once the page is at its end.
  await scroller.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
  await page.getByRole("main").evaluate(() => window.scrollTo({ top: document.body.scrollHeight }));
  const lastRow = (await grid.getByRole("row").last().boundingBox())!;
  expect(lastRow.y + lastRow.height).toBeLessThanOrEqual((await total.boundingBox())!.y + 1);
  await page.screenshot({ path: test.info().outputPath("new-order-phone-end.png") });
});

test("finds the new order on the dashboard, its brand's and its type's lists and All Orders", async ({
  page,
  axe,
}) => {
  test.slow();
  const order = writtenOrder();

  // The dashboard shows the current month: the order, placed just now, is its newest.
  await page.goto("/home/orders");
  await expect(page.getByRole("heading", { name: "Orders Dashboard", level: 1 })).toBeVisible();
  const lastOrders = page.getByRole("table", { name: "Last Orders" });
  const newest = lastOrders.getByRole("row").nth(1);
  await expect(newest.getByRole("link", { name: order.number })).toHaveAttribute("href", order.path);
  await expect(newest).toContainText("Sunset Soles");
  await expect(newest).toContainText("Lincoln Road");
  await expect(newest).toContainText("Pending");
  await expect(newest).toContainText("$395.00");
  expect(await axe(page)).toEqual([]);
  await newest.getByRole("link", { name: order.number }).click();
  await expect(page).toHaveURL(new RegExp(`${order.path}$`));
  await expect(page.getByRole("heading", { name: order.number, level: 1 })).toBeVisible();

  const orders = page.getByRole("table", { name: "Orders" });
  const orderRow = orders.getByRole("row").filter({ has: page.getByRole("link", { name: order.number }) });

  // Each of its brands lists it, newest first; the sidebar's Orders group leads there.
  const nav = page.getByRole("navigation", { name: "Main" });
  const brandGroup = nav.getByRole("button", { name: "Brand", exact: true });
  await expect(brandGroup).toHaveAttribute("aria-expanded", "false");
  await brandGroup.click();
  const brandLinks = nav.getByRole("list", { name: "Orders by Brand" });
  for (const brand of ["Skechers", "Crocs"]) {
    await brandLinks.getByRole("link", { name: brand, exact: true }).click();
    await expect(page).toHaveURL(/\/home\/orders\/brand\/\d+$/);
    await expect(page.getByRole("heading", { name: `${brand} Orders`, level: 1 })).toBeVisible();
    // The list stays mounted from one brand to the next and keeps the last rows until the new ones come.
    await expect(orders).toHaveAttribute("aria-busy", "false");
    await expect(orders.getByRole("row").nth(1).getByRole("link")).toHaveText(order.number);
    await expect(orderRow).toContainText("Crocs, Skechers");
  }
  expect(await axe(page)).toEqual([]);

  // Its type's page.
  await page.goto("/home/orders/catalog-type/open-stock");
  await expect(page.getByRole("heading", { name: "Open Stock Orders", level: 1 })).toBeVisible();
  await expect(orders.getByRole("row").nth(1).getByRole("link")).toHaveText(order.number);
  await expect(orderRow).toContainText("Pending");
  await expect(orderRow).toContainText("$395.00");

  // All orders, searched by its number.
  await page.goto("/home/orders/all");
  await expect(page.getByRole("heading", { name: "All Orders", level: 1 })).toBeVisible();
  await page.getByRole("searchbox", { name: "Search orders" }).fill(order.number);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${order.number}`));
  await expect(orders.getByRole("row")).toHaveCount(2);
  await expect(orderRow).toContainText("Sunset Soles");
  await expect(orderRow).toContainText("$395.00");
  await orderRow.getByRole("link", { name: order.number }).click();
  await expect(page.getByRole("heading", { name: order.number, level: 1 })).toBeVisible();
});

test("moves the order from Pending to Completed, offering only the allowed moves", async ({ page, axe }) => {
  test.slow();
  const order = writtenOrder();
  // Opened from the list, which is read again when the person comes back to it.
  await page.goto(`/home/orders/all?q=${order.number}`);
  // The signed-in shell first (a new context loads every script again), then the list's answer.
  await expect(page.getByRole("heading", { name: "All Orders", level: 1 })).toBeVisible();
  const listRow = page
    .getByRole("table", { name: "Orders" })
    .getByRole("row")
    .filter({ has: page.getByRole("link", { name: order.number }) });
  await expect(listRow).toContainText("Pending");
  await listRow.getByRole("link", { name: order.number }).click();
  await expect(page.getByRole("heading", { name: order.number, level: 1 })).toBeVisible();
  const history = page.getByRole("list", { name: "History" }).getByRole("listitem");

  await expect(detailHeader(page)).toContainText("Pending");
  await expectActions(page, ["Edit quantities", "Cancel order", "Start processing"]);
  expect(await axe(page)).toEqual([]);

  const path: [action: string, from: string, to: string, next: string[]][] = [
    ["Start processing", "Pending", "Processing", ["Cancel order", "Mark as shipped"]],
    ["Mark as shipped", "Processing", "Shipped", ["Mark as delivered"]],
    ["Mark as delivered", "Shipped", "Delivered", ["Complete"]],
    ["Complete", "Delivered", "Completed", []],
  ];
  // Start processing is made at once; cancelling and any move past Processing ask first.
  const asked = ["Mark as shipped", "Mark as delivered", "Complete"];
  const main = page.getByRole("main");
  let entries = 1;
  async function moveTo(action: string, from: string, to: string, next: string[]) {
    await main.getByRole("button", { name: action, exact: true }).click();
    if (asked.includes(action)) {
      const dialog = page.getByRole("alertdialog");
      await expect(dialog).toContainText(`Move order ${order.number} to ${to}?`);
      await dialog.getByRole("button", { name: action, exact: true }).click();
    }
    // Toasts go after a few seconds: looked for at once (an earlier move's may still show).
    await expect(page.getByText(`${order.number} moved to ${to}`).first()).toBeVisible();
    entries += 1;
    // The newest change first, the creation last.
    await expect(history).toHaveCount(entries);
    await expect(history.first()).toContainText(new RegExp(`^${from}\\s*to\\s*${to}`));
    await expect(detailHeader(page)).toContainText(to);
    await expectActions(page, next);
  }
  for (const [action, from, to, next] of path) {
    await moveTo(action, from, to, next);
    if (to !== "Shipped") continue;
    // A move just made is undone from its toast, and the history says so.
    await page
      .locator("[data-sonner-toast]")
      .filter({ hasText: `${order.number} moved to Shipped` })
      .getByRole("button", { name: "Undo" })
      .click();
    await expect(page.getByText("Status move undone: the order is Processing again")).toBeVisible();
    entries += 1;
    await expect(history).toHaveCount(entries);
    await expect(history.first()).toContainText(/^Shipped\s*to\s*Processing\s*\(undone\)/);
    await expect(detailHeader(page)).toContainText("Processing");
    await moveTo(action, from, to, next);
  }
  await expect(history.last()).toContainText(/Placed as\s*Pending/);

  // Back on the list, the order has its new status.
  await page.goBack();
  await expect(listRow).toContainText("Completed");
  // And the server has it all.
  await page.goto(order.path);
  await expect(detailHeader(page)).toContainText("Completed");
  await expect(history).toHaveCount(7);
  await expectActions(page, []);
});

/** The downloaded form with quantities written in, by style and size, as a customer's spreadsheet program would. */
async function fillOrderForm(
  form: Buffer,
  quantities: [modelCode: string, size: string, value: number | string][],
): Promise<{ bytes: Buffer; cells: Map<string, string> }> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(form as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet("Order form")!;
  // Found by their titles, as a person reads the sheet: the size columns and the style rows.
  const columns = new Map<string, number>();
  const rows = new Map<string, number>();
  let headerRow = 0;
  sheet.eachRow((row, number) => {
    const first = String(row.getCell(1).value);
    if (headerRow === 0 && first === "Model Code") {
      headerRow = number;
      row.eachCell((cell, column) => columns.set(String(cell.value), column));
    } else if (headerRow > 0) {
      rows.set(first, number);
    }
  });

  const cells = new Map<string, string>();
  for (const [modelCode, size, value] of quantities) {
    const cell = sheet.getCell(rows.get(modelCode)!, columns.get(size)!);
    cell.value = value;
    cells.set(`${modelCode} ${size}`, cell.address);
  }
  return { bytes: Buffer.from(await workbook.xlsx.writeBuffer()), cells };
}

test("downloads an order form, fills it in and imports it on New Order as a second order", async ({
  page,
  axe,
}) => {
  test.slow();
  // Download Forms, from a list page.
  await page.goto("/home/orders/all");
  await page.getByRole("button", { name: "Download Forms" }).click();
  const downloadDialog = page.getByRole("dialog", { name: "Download order form" });
  const downloadButton = downloadDialog.getByRole("button", { name: "Download", exact: true });
  await expect(downloadButton).toBeDisabled();
  await downloadDialog.getByRole("combobox", { name: "Line list" }).click();
  await page.getByRole("combobox", { name: "Search line lists" }).fill("Hey Dude");
  await page.getByRole("option", { name: /^Hey Dude · Hey Dude Core Own Stock/ }).click();
  expect(await axe(page)).toEqual([]);
  const download = page.waitForEvent("download");
  await downloadButton.click();
  const form = await download;
  expect(form.suggestedFilename()).toBe("Hey Dude Core Own Stock order form.xlsx");
  await expect(page.getByText("Order form downloaded")).toBeVisible();
  await expect(downloadDialog).toBeHidden();
  const formBytes = await readFile(await form.path());

  // Two good cells, a negative quantity and a word.
  const good: [string, string, number][] = [
    ["40100-BLA", "M8", 4],
    ["40111-BLA", "W7", 2],
  ];
  const bad = await fillOrderForm(formBytes, [...good, ["40122-BLA", "M9", -3], ["40133-BLA", "M10", "abc"]]);
  const filled = await fillOrderForm(formBytes, good);

  await page.goto("/home/orders/new");
  await page.getByRole("button", { name: "Import order form" }).click();
  const dialog = page.getByRole("dialog", { name: "Import order form" });
  const saveOrder = dialog.getByRole("button", { name: "Save order" });
  await choose(page, dialog, "Customer", "Island Steps");
  await choose(page, dialog, "Store", "Main Store");
  await dialog
    .getByLabel("Choose the filled order form")
    .setInputFiles({ name: "Island Steps order.xlsx", mimeType: xlsxType, buffer: bad.bytes });

  // Every refused cell, where it is and why; nothing can be saved until the file is corrected.
  const errors = dialog.getByRole("table", { name: "2 cells cannot be ordered" });
  await expect(errors).toBeVisible();
  const errorRow = (modelCode: string) =>
    errors.getByRole("row").filter({ has: page.getByRole("cell", { name: modelCode, exact: true }) });
  const refused: [modelCode: string, size: string, value: string][] = [
    ["40122-BLA", "M9", "-3"],
    ["40133-BLA", "M10", "abc"],
  ];
  for (const [modelCode, size, value] of refused) {
    const address = bad.cells.get(`${modelCode} ${size}`)!;
    const [, column, row] = /^([A-Z]+)(\d+)$/.exec(address)!;
    await expect(errorRow(modelCode).getByRole("cell")).toHaveText([
      row!,
      `${column} (${size})`,
      modelCode,
      value,
      "Quantity must be a whole number from 1 to 9,999",
    ]);
  }
  await expect(saveOrder).toBeDisabled();
  expect(await axe(page)).toEqual([]);

  await dialog.getByRole("button", { name: "Remove Island Steps order.xlsx" }).click();
  await dialog
    .getByLabel("Choose the filled order form")
    .setInputFiles({ name: "Island Steps order fixed.xlsx", mimeType: xlsxType, buffer: filled.bytes });
  const summary = dialog.getByRole("region", { name: "Order form total" });
  await expect(summary).toContainText(
    "Open Stock (from Own Stock line lists) order for Island Steps · Main Store · 2 lines",
  );
  // 4 × $32.50 and 2 × $30.00.
  await expect(units(summary)).toHaveText("6");
  await expect(whs(summary)).toHaveText("$190.00");
  await expect(dialog.getByRole("table", { name: /cannot be ordered/ })).toHaveCount(0);
  const lines = dialog.getByRole("table", { name: "Hey Dude · Hey Dude Core Own Stock" });
  await expect(lines.getByRole("row")).toHaveCount(3);
  await expect(styleRow(lines, "40100-BLA")).toContainText("$130.00");
  await expect(styleRow(lines, "40111-BLA")).toContainText("$60.00");

  await saveOrder.click();
  await expect(page.getByText("Order created successfully")).toBeVisible();
  await expect(page).toHaveURL(/\/home\/orders\/\d+$/);
  const heading = page.getByRole("heading", { level: 1 });
  await expect(heading).toHaveText(/^SO-\d{6}$/);
  const number = (await heading.textContent())!;
  expect(number).not.toBe(written?.number);
  await expect(detailHeader(page)).toContainText("Island Steps · Main Store");
  await expect(detailHeader(page)).toContainText("Pending");
  await expect(fact(page, "Type")).toHaveText("Open Stock (from Own Stock line lists)");
  await expect(fact(page, "Brands")).toHaveText("Hey Dude");
  await expect(units(page.getByRole("main"))).toHaveText(["6", "6"]);
  await expect(whs(page.getByRole("main"))).toHaveText(["$190.00", "$190.00"]);

  // It is one of the orders now.
  await page.goto(`/home/orders/all?q=${number}`);
  const row = page
    .getByRole("table", { name: "Orders" })
    .getByRole("row")
    .filter({ has: page.getByRole("link", { name: number }) });
  await expect(row).toContainText("Island Steps");
  await expect(row).toContainText("Hey Dude");
  await expect(row).toContainText("$190.00");
});

test("on a phone, a list's message stays in view while its columns scroll sideways", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // Placed from after Placed to: the list refuses the range in the table itself.
  await page.goto("/home/orders/all?from=2026-11-20&to=2026-11-01");
  const table = page.getByRole("table", { name: "Orders" });
  const message = table.getByText(orderMessages.placedFromAfterTo);
  await expect(message).toBeVisible();
  const scroller = page.locator("[data-slot=table-container]").filter({ has: table });
  // The premise: the columns are wider than the screen.
  expect(await scroller.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
  for (const scrollLeft of [0, 200]) {
    await scroller.evaluate((element, left) => element.scrollTo({ left }), scrollLeft);
    const box = (await message.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
});
