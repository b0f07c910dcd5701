import { type LineListMapping, mappingMessages } from "@cm/contracts/line-list-mapping";
import type { InspectUploadData } from "@cm/contracts/line-list-mapping-api";
import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { seedSession } from "@/testing/auth";
import { brands } from "@/testing/customers-api";
import type { MockResponse } from "@/testing/mock-fetch";
import { ok } from "@/testing/mock-fetch";
import { renderApp } from "@/testing/render-app";

beforeEach(() => seedSession());

// The first visit loads the shell's and the dialog's code on demand: slow on a busy machine.
vi.setConfig({ testTimeout: 30_000 });
const firstRender = { timeout: 20_000 };

const heyDude = { ...brands[0]!, id: 7, name: "Hey Dude" };

const emptyMapping: LineListMapping = {
  sheet: null,
  headerRow: 1,
  layout: "rows",
  fields: {},
  sizeColumns: [],
  attributes: [],
  sizeLabels: {},
  decimalSeparator: ",",
  season: null,
};

/** A semicolon CSV of one row per SKU whose columns the brand has no mapping for. */
function csvInspection(overrides: Partial<InspectUploadData> = {}): InspectUploadData {
  return {
    kind: "csv",
    sheets: ["Hey Dude SS27"],
    sheet: "Hey Dude SS27",
    seasonFromSheet: null,
    suggestedSeason: { season: "Spring", year: 2027 },
    headerRow: 1,
    headers: ["Style #", "Description", "Colour", "Size", "UPC", "Retail", "Material"],
    rows: [
      ["1001", "Wally Sox", "Black", "8", "012345678901", "59,99", "Canvas"],
      ["1001", "Wally Sox", "Black", "9", "012345678902", "59,99", "Canvas"],
      ["1002", "Wendy Chambray", "Blue", "7", "012345678903", "64,99", "Leather"],
    ],
    rowCount: 3,
    csv: { delimiter: ";", encoding: "utf-8", decimalSeparator: "," },
    status: "new",
    savedMapping: null,
    mapping: emptyMapping,
    columnChanges: { added: [], missing: [] },
    ...overrides,
  };
}

interface Call {
  method: string;
  path: string;
  body: unknown;
}

/**
 * The upload's calls: presign, the PUT, process (42, or without a mapping the 400 that asks for
 * one unless `inspection` matches), inspect (answering `inspection`).
 */
function uploadApi(inspection: () => InspectUploadData) {
  const calls: Call[] = [];
  const routes: Record<string, () => MockResponse> = {
    "GET /api/brands": () => ok([brands[0], heyDude]),
    // The shell's own lists.
    ...Object.fromEntries(
      ["/api/users", "/api/users/with-memberships", "/api/stores", "/api/roles", "/api/organizations"].map(
        (path) => [`GET ${path}`, () => ok([])],
      ),
    ),
    "POST /api/uploads/get-presigned-upload-url": () =>
      ok({
        presignedUrl: "http://localhost/storage/upload-1",
        fileKey: "uploads/upload-1.csv",
        metadataKey: "uploads/upload-1.json",
        method: "PUT",
        headers: { "Content-Type": "text/csv" },
        expiresAt: "2099-01-01T00:00:00.000Z",
        maxFileBytes: 25 * 1024 * 1024,
      }),
    "PUT /storage/upload-1": () => ({ status: 200, body: "" }),
    "POST /api/uploads/inspect": () => ok(inspection()),
    // Without a mapping, as the server answers a brand whose mapping does not read the file.
    "POST /functions/process-line-list": () =>
      (calls.at(-1)?.body as { mapping?: unknown }).mapping || inspection().status === "matches"
        ? { status: 200, body: "42" }
        : {
            status: 400,
            body: (() => {
              const message =
                inspection().status === "new"
                  ? mappingMessages.mappingRequired("Hey Dude")
                  : mappingMessages.headersChanged("Hey Dude");
              return { success: false, message, data: { mapping: [message] } };
            })(),
          },
  };
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(
      typeof input === "string" ? input : input instanceof URL ? input.href : input.url,
      "http://localhost",
    );
    const method = init?.method ?? "GET";
    const body = typeof init?.body === "string" ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ method, path: url.pathname, body });
    const answer = routes[`${method} ${url.pathname}`]?.() ?? {
      status: 404,
      body: { success: false, message: "Not found", data: null },
    };
    const text = typeof answer.body === "string" ? answer.body : JSON.stringify(answer.body);
    return new Response(text, {
      status: answer.status ?? 200,
      headers: { "Content-Type": "application/json" },
    });
  });
  return {
    calls,
    processCalls: () => calls.filter((call) => call.path === "/functions/process-line-list"),
    inspectCalls: () => calls.filter((call) => call.path === "/api/uploads/inspect"),
  };
}

/** From the sidebar through the line list step to Upload, with a Hey Dude CSV. */
async function uploadFile(fileName = "Hey Dude SS27.csv") {
  const { user } = renderApp("/home/orders");
  const nav = await screen.findByRole("navigation", { name: "Main" }, firstRender);
  await user.click(await within(nav).findByRole("button", { name: "Upload Inventory" }));
  const start = await screen.findByRole("dialog", { name: "Upload Inventory" }, firstRender);
  await user.click(within(start).getByRole("button", { name: /Brand Line List/ }));
  const dialog = await screen.findByRole("dialog", { name: "Upload Brand Line List" });
  await user.click(within(dialog).getByRole("combobox", { name: "Line list type" }));
  await user.click(await screen.findByRole("option", { name: "Own Stock" }));
  await user.click(within(dialog).getByRole("combobox", { name: "Brand" }));
  await user.click(await screen.findByRole("option", { name: "Hey Dude" }));
  await user.upload(within(dialog).getByLabelText(/Choose a workbook/), new File(["a;b"], fileName));
  await user.click(within(dialog).getByRole("button", { name: "Upload" }));
  return { user };
}

async function chooseColumn(
  user: Awaited<ReturnType<typeof uploadFile>>["user"],
  dialog: HTMLElement,
  field: string,
  column: string,
) {
  // A required field's name says so: "Style number (required)".
  const name = new RegExp(`^${field.replace(/[()]/g, "\\$&")}( \\(required\\))?$`);
  await user.click(within(dialog).getByRole("combobox", { name }));
  await user.click(await screen.findByRole("option", { name: column }));
}

const confirmName = mappingMessages.confirm;

describe("Upload Inventory: Map columns", () => {
  it("goes straight to the preview, with no question, when the brand's mapping reads the file", async () => {
    const api = uploadApi(() =>
      csvInspection({
        status: "matches",
        mapping: { ...emptyMapping, fields: { model_code: "Style #", sku: "UPC", size: "Size" } },
      }),
    );
    await uploadFile();
    await waitFor(() => expect(api.processCalls()).toHaveLength(1), { timeout: 10_000 });
    expect(screen.queryByRole("dialog", { name: mappingMessages.title })).not.toBeInTheDocument();
    expect(api.processCalls()[0]!.body).not.toHaveProperty("mapping");
    // The file is read once: nothing to inspect when the saved mapping reads it.
    expect(api.inspectCalls()).toHaveLength(0);
  });

  it("asks for the columns of a brand without a mapping, and keeps Preview line list disabled with the reason until the required fields have one", async () => {
    const api = uploadApi(() => csvInspection());
    const { user } = await uploadFile();
    const dialog = await screen.findByRole("dialog", { name: mappingMessages.title }, firstRender);

    const confirm = within(dialog).getByRole("button", { name: confirmName });
    expect(confirm).toBeDisabled();
    expect(confirm).toHaveAccessibleDescription(
      new RegExp(mappingMessages.requiredFieldUnmapped("Style number")),
    );
    expect(within(dialog).getByText(mappingMessages.requiredFieldUnmapped("SKU or UPC"))).toBeInTheDocument();
    // The season is suggested from the file's name.
    expect(within(dialog).getByRole("textbox", { name: "Season" })).toHaveValue("Spring");
    expect(within(dialog).getByRole("textbox", { name: "Year" })).toHaveValue("2027");

    await chooseColumn(user, dialog, "Style number", "Style #");
    await chooseColumn(user, dialog, "SKU or UPC", "UPC");
    expect(confirm).toBeDisabled();
    expect(within(dialog).getByText(mappingMessages.requiredFieldUnmapped("Size"))).toBeInTheDocument();
    await chooseColumn(user, dialog, "Size", "Size");
    await waitFor(() => expect(confirm).toBeEnabled());
    await waitFor(() =>
      expect(within(dialog).queryByText(/Choose the column that holds/)).not.toBeInTheDocument(),
    );

    // Two fields on one column is a reason too.
    await chooseColumn(user, dialog, "Colour", "UPC");
    expect(
      within(dialog).getByText(mappingMessages.columnUsedTwice("UPC", "SKU or UPC", "Colour")),
    ).toBeInTheDocument();
    expect(confirm).toBeDisabled();
    await chooseColumn(user, dialog, "Colour", "Colour");
    await waitFor(() => expect(confirm).toBeEnabled());

    // A CSV file has no sheet name to give the season: without one, it is asked for.
    const year = within(dialog).getByRole("textbox", { name: "Year" });
    await user.clear(year);
    expect(await within(dialog).findByText(mappingMessages.seasonRequired)).toBeInTheDocument();
    expect(confirm).toBeDisabled();
    await user.type(year, "2027");
    await waitFor(() => expect(confirm).toBeEnabled());

    expect(api.inspectCalls()[0]!.body).toMatchObject({ key: "uploads/upload-1.csv", brandId: 7 });
    await user.click(confirm);
    await waitFor(() => expect(api.processCalls()).toHaveLength(2));
    expect(api.processCalls()[1]!.body).toMatchObject({
      brandId: 7,
      key: "uploads/upload-1.csv",
      mapping: {
        layout: "rows",
        fields: { model_code: "Style #", sku: "UPC", size: "Size", color: "Colour" },
        decimalSeparator: ",",
        season: { season: "Spring", year: 2027 },
      },
    });
  });

  it("asks how text ship dates are written when the file writes them so, and sends the order chosen", async () => {
    const api = uploadApi(() =>
      csvInspection({
        headers: ["Style #", "Size", "UPC", "Ship Date"],
        rows: [
          ["1001", "8", "012345678901", "03/04/2027"],
          ["1001", "9", "012345678902", "03/04/2027"],
        ],
        mapping: {
          ...emptyMapping,
          fields: { model_code: "Style #", sku: "UPC", size: "Size", expected_shipped_date: "Ship Date" },
          dateOrder: "day-first",
        },
      }),
    );
    const { user } = await uploadFile();
    const dialog = await screen.findByRole("dialog", { name: mappingMessages.title }, firstRender);
    const dates = within(dialog).getByRole("group", { name: "Ship dates written" });
    expect(within(dates).getByRole("radio", { name: /Day first \(15\/03\/2027\)/ })).toBeChecked();
    await user.click(within(dates).getByRole("radio", { name: /Month first \(03\/15\/2027\)/ }));
    expect(within(dates).getByRole("radio", { name: /Month first/ })).toBeChecked();

    const confirm = within(dialog).getByRole("button", { name: confirmName });
    await waitFor(() => expect(confirm).toBeEnabled());
    await user.click(confirm);
    await waitFor(() => expect(api.processCalls()).toHaveLength(2), { timeout: 10_000 });
    expect(api.processCalls()[1]!.body).toMatchObject({ mapping: { dateOrder: "month-first" } });
  });

  it("shows the first styles as they will be read, and a column changed updates them", async () => {
    uploadApi(() =>
      csvInspection({
        mapping: { ...emptyMapping, fields: { model_code: "Style #", sku: "UPC", size: "Size" } },
      }),
    );
    const { user } = await uploadFile();
    const dialog = await screen.findByRole("dialog", { name: mappingMessages.title }, firstRender);
    const preview = within(dialog).getByRole("region", { name: "Styles as they will be read" });
    expect(within(preview).getAllByRole("row")).toHaveLength(3);
    const wally = within(preview).getByRole("row", { name: /^1001/ });
    expect(wally).toHaveTextContent("8, 9");
    expect(wally).toHaveTextContent("012345678901 – 012345678902 (2)");
    expect(within(preview).queryByText("Wally Sox")).not.toBeInTheDocument();

    // Three sample values beside the column chosen.
    await chooseColumn(user, dialog, "Style name", "Description");
    expect(await within(preview).findByText("Wally Sox")).toBeInTheDocument();
    expect(within(preview).getByText("Wendy Chambray")).toBeInTheDocument();

    // Prices with a decimal comma, as the CSV writes them.
    await chooseColumn(user, dialog, "MSRP", "Retail");
    expect(await within(preview).findAllByText("$59.99")).toHaveLength(1);

    // Another column kept as a named attribute.
    await user.click(within(dialog).getByRole("combobox", { name: "Use of Material" }));
    await user.click(await screen.findByRole("option", { name: "Keep as attribute" }));
    const name = within(dialog).getByRole("textbox", { name: "Attribute name for Material" });
    await user.clear(name);
    await user.type(name, "Upper");
    expect(await within(preview).findByText("Upper: Canvas")).toBeInTheDocument();
  });

  it("reads sizes as columns, each size column standing for the size its header says (editable)", async () => {
    const api = uploadApi(() =>
      csvInspection({
        headers: ["Style", "Colour", "7", "8", "9½", "Retail"],
        rows: [
          ["2001", "Black", "100000000007", "100000000008", "100000000095", "59,99"],
          ["2002", "Navy", "200000000007", "", "200000000095", "59,99"],
        ],
        rowCount: 2,
        mapping: { ...emptyMapping, fields: { model_code: "Style", color: "Colour" } },
      }),
    );
    const { user } = await uploadFile();
    const dialog = await screen.findByRole("dialog", { name: mappingMessages.title }, firstRender);
    const confirm = within(dialog).getByRole("button", { name: confirmName });
    expect(confirm).toBeDisabled();

    await user.click(within(dialog).getByRole("radio", { name: /Sizes as columns/ }));
    // No Size or SKU field: the size columns hold each size's SKU.
    expect(within(dialog).queryByRole("combobox", { name: /^Size/ })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole("combobox", { name: /^SKU or UPC/ })).not.toBeInTheDocument();
    expect(within(dialog).getByRole("textbox", { name: "Size of column 7" })).toHaveValue("7");
    expect(within(dialog).getByRole("textbox", { name: "Size of column 9½" })).toHaveValue("9½");
    await waitFor(() => expect(confirm).toBeEnabled());

    const preview = await within(dialog).findByRole("region", { name: "Styles as they will be read" });
    const navy = within(preview).getByRole("row", { name: /^2002/ });
    expect(within(navy).getByRole("cell", { name: "7, 9½" })).toBeInTheDocument();
    expect(navy).toHaveTextContent("200000000007 – 200000000095 (2)");

    const seven = within(dialog).getByRole("textbox", { name: "Size of column 7" });
    await user.clear(seven);
    await user.type(seven, "7.5");
    expect(await within(navy).findByRole("cell", { name: "7.5, 9½" })).toBeInTheDocument();
    // A column that is not a size after all.
    await user.click(within(dialog).getByRole("button", { name: "Not a size: 8" }));
    expect(within(dialog).queryByRole("textbox", { name: "Size of column 8" })).not.toBeInTheDocument();
    expect(within(dialog).getByRole("combobox", { name: "Use of 8" })).toHaveTextContent("Leave out");
    await user.click(within(dialog).getByRole("combobox", { name: "Use of 8" }));
    await user.click(await screen.findByRole("option", { name: "Size column" }));
    expect(await within(dialog).findByRole("textbox", { name: "Size of column 8" })).toHaveValue("8");

    await user.click(confirm);
    await waitFor(() => expect(api.processCalls()).toHaveLength(2));
    expect(api.processCalls()[1]!.body).toMatchObject({
      mapping: {
        layout: "size-columns",
        sizeColumns: [
          { column: "7", size: "7.5" },
          { column: "9½", size: "9½" },
          // Made a size column again: last, as the sizes are read in their scale's order anyway.
          { column: "8", size: "8" },
        ],
      },
    });
  });

  it("lists a size label it cannot read once, and takes the size it means as a value map", async () => {
    const api = uploadApi(() =>
      csvInspection({
        rows: [
          ["1001", "Wally Sox", "Black", "8+", "012345678901", "59,99", "Canvas"],
          ["1002", "Wendy Chambray", "Blue", "8+", "012345678903", "64,99", "Leather"],
          ["1002", "Wendy Chambray", "Blue", "9", "012345678904", "64,99", "Leather"],
        ],
        mapping: { ...emptyMapping, fields: { model_code: "Style #", sku: "UPC", size: "Size" } },
      }),
    );
    const { user } = await uploadFile();
    const dialog = await screen.findByRole("dialog", { name: mappingMessages.title }, firstRender);
    const confirm = within(dialog).getByRole("button", { name: confirmName });
    const group = within(dialog).getByRole("group", { name: "Sizes to identify" });
    expect(within(group).getAllByRole("textbox")).toHaveLength(1);
    expect(within(dialog).getByText(mappingMessages.unreadableSizes(1))).toBeInTheDocument();
    expect(confirm).toBeDisabled();

    const input = within(group).getByRole("textbox", { name: "Size for “8+”" });
    await user.type(input, "8.5");
    await waitFor(() => expect(confirm).toBeEnabled());
    // The answer stays editable where it was typed.
    expect(input).toHaveValue("8.5");
    expect(input).toHaveFocus();

    await user.click(confirm);
    await waitFor(() => expect(api.processCalls()).toHaveLength(2));
    expect(api.processCalls()[1]!.body).toMatchObject({ mapping: { sizeLabels: { "8+": "8.5" } } });
  });

  it("marks the new and missing columns when the file's columns changed, and reads another header row on request", async () => {
    let headerRow = 1;
    const api = uploadApi(() =>
      csvInspection({
        status: "changed",
        headerRow,
        savedMapping: {
          ...emptyMapping,
          fields: { model_code: "Style #", sku: "UPC", size: "Size", msrp: "MSRP" },
        },
        mapping: { ...emptyMapping, headerRow, fields: { model_code: "Style #", sku: "UPC", size: "Size" } },
        columnChanges: { added: ["Retail", "Material"], missing: ["MSRP"] },
      }),
    );
    const { user } = await uploadFile();
    const dialog = await screen.findByRole("dialog", { name: mappingMessages.title }, firstRender);
    expect(within(dialog).getByText(mappingMessages.headersChanged("Hey Dude"))).toBeInTheDocument();
    expect(within(dialog).getByText("New columns: Retail, Material")).toBeInTheDocument();
    expect(within(dialog).getByText("Missing columns: MSRP")).toBeInTheDocument();
    // The field that read the missing column says so, beside its choice.
    const msrp = within(dialog).getByRole("row", { name: /^MSRP/ });
    expect(msrp).toHaveTextContent("Was “MSRP”, missing from this file");
    expect(within(msrp).getByRole("combobox")).toHaveTextContent("Not in this file");

    headerRow = 3;
    const row = within(dialog).getByRole("spinbutton", { name: "Header row" });
    await user.clear(row);
    await user.type(row, "3{Enter}");
    await waitFor(() => expect(api.inspectCalls()).toHaveLength(2));
    expect(api.inspectCalls()[1]!.body).toMatchObject({ headerRow: 3 });
    // Processing was asked first, without a mapping: the changed headers were its question.
    expect(api.processCalls()).toHaveLength(1);
    await waitFor(() => expect(row).toHaveValue(3));
  });
});
