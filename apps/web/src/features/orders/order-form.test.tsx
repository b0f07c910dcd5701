import type { LineList } from "@cm/contracts/line-lists";
import { type OrderFormLineLists, type OrderFormPreview, orderFormMessages } from "@cm/contracts/order-forms";
import type { Order } from "@cm/contracts/orders";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fileNameFromDisposition } from "@/lib/download";
import { seedSession } from "@/testing/auth";
import { savedLineList } from "@/testing/catalogs";
import { envelope, failure, organization, store, written } from "@/testing/customers-api";
import { orderListItem } from "@/testing/orders";
import { renderApp } from "@/testing/render-app";

/** The first render loads the shell's and the screen's code on demand: slow on a busy machine. */
const firstRender = { timeout: 20_000 };
const xlsxType = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const presignedUrl = "http://localhost/storage/uploads/0b7f.xlsx?X-Signature=abc";

type Answer = { status?: number; body: unknown };

const publishedLineLists: LineList[] = [
  savedLineList({ id: 10, name: "Spring 2027", type: "pre-book", deadline: "2999-03-01", published: 1 }),
  savedLineList({
    id: 13,
    name: "Basics",
    type: "own-stock",
    brandId: 2,
    brandName: "Pandora",
    published: 1,
  }),
];

/** What Download Forms offers: the published line lists above, none past its deadline. */
const offeredLineLists: OrderFormLineLists = {
  lineLists: publishedLineLists.map(
    ({ id, name, brandId, brandName, type, deadline, dateOfAvailability }) => ({
      id,
      name,
      brandId,
      brandName,
      type,
      deadline,
      dateOfAvailability,
    }),
  ),
  pastDeadline: 0,
};

function previewLine(row: number, column: string, size: string, quantity: number, lineTotal: string) {
  return {
    row,
    column,
    lineListId: 10,
    productId: 1,
    brandId: 1,
    brandName: "Crocs",
    modelCode: "CR-1",
    styleName: "Classic Clog",
    color: "Black",
    imageUrl: null,
    sku: `CR-1-${size}`,
    size,
    quantity,
    msrp: "42.50",
    unitWhs: "21.25",
    lineTotal,
  };
}

function formPreview(overrides: Partial<OrderFormPreview> = {}): OrderFormPreview {
  return {
    lineList: {
      id: 10,
      name: "Spring 2027",
      brandId: 1,
      brandName: "Crocs",
      type: "pre-book",
      orderType: "pre-book",
      deadline: "2999-03-01",
      dateOfAvailability: null,
    },
    store: { id: 21, name: "Beach Store", organizationId: 2, organizationName: "Sole Mates" },
    named: { customerName: null, storeName: null, match: null },
    lines: [previewLine(14, "G", "M5", 3, "63.75"), previewLine(14, "H", "M6", 2, "42.50")],
    totals: { lines: 2, units: 5, totalWhs: "106.25" },
    errors: [],
    errorCount: 0,
    ...overrides,
  };
}

function createdOrder(id: number): Order {
  return {
    ...orderListItem(id, { units: 5, totalWhs: "106.25" }),
    shipDate: null,
    placedBy: { id: 1, name: "Ada Admin" },
    lineLists: [],
    lines: [],
    history: [],
    nextStatuses: ["processing", "cancelled"],
  };
}

interface Call {
  method: string;
  path: string;
  search: string;
  headers: Headers;
  body: unknown;
}

/** Customers, stores, published line lists, the form download, the upload path and the preview. */
function formsApi(
  answers: {
    preview?: (body: { fileKey: string; storeId?: number }) => Answer;
    download?: () => Response;
    offered?: OrderFormLineLists;
  } = {},
) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), "http://localhost");
    const method = init.method ?? "GET";
    const body = typeof init.body === "string" ? (JSON.parse(init.body) as unknown) : init.body;
    calls.push({ method, path: url.pathname, search: url.search, headers: new Headers(init.headers), body });
    if (method === "GET" && url.pathname === "/api/line-lists/10/order-form") {
      return (
        answers.download?.() ??
        new Response(new Blob(["PK"]), {
          headers: {
            "content-type": xlsxType,
            "content-disposition": `attachment; filename="Crocs Spring 2027 order form.xlsx"; filename*=UTF-8''Crocs%20Spring%202027%20order%20form.xlsx`,
          },
        })
      );
    }
    let answer: Answer = failure(404, "Not found");
    if (method === "POST" && url.pathname === "/api/uploads/get-presigned-upload-url") {
      answer = envelope({
        presignedUrl,
        fileKey: "uploads/0b7f.xlsx",
        metadataKey: "uploads/0b7f.metadata.json",
        method: "PUT",
        headers: { "Content-Type": xlsxType },
        expiresAt: "2027-03-01T15:35:00.000Z",
        maxFileBytes: 25 * 1024 * 1024,
      });
    } else if (method === "PUT" && url.pathname === "/storage/uploads/0b7f.xlsx") {
      answer = { body: "" };
    } else if (method === "POST" && url.pathname === "/api/orders/order-form/preview") {
      answer = answers.preview?.(body as { fileKey: string; storeId?: number }) ?? envelope(formPreview());
    } else if (method === "POST" && url.pathname === "/api/orders") {
      answer = written(createdOrder(55), 201);
    } else if (method === "GET") {
      answer =
        {
          "/api/organizations": envelope([organization(2, "Sole Mates"), organization(3, "Maple Feet")]),
          "/api/stores": envelope([
            store(21, "Beach Store"),
            store(31, "Maple Store", { organizationId: 3 }),
          ]),
          "/api/line-lists": envelope({ lineLists: publishedLineLists }),
          "/api/orders/order-form/line-lists": envelope(answers.offered ?? offeredLineLists),
          "/api/orders": envelope({ orders: [], total: 0 }),
          "/api/orders/55": envelope(createdOrder(55)),
          // What the shell loads on entering /home.
          "/api/users": envelope([]),
          "/api/users/with-memberships": envelope([]),
          "/api/roles": envelope([]),
          "/api/brands": envelope([]),
        }[url.pathname] ?? answer;
    }
    return Response.json(answer.body, { status: answer.status ?? 200 });
  });
  vi.stubGlobal("fetch", fetchMock);
  const sent = (method: string, path: string) =>
    calls.filter((call) => call.method === method && call.path === path);
  return { calls, sent };
}

type User = ReturnType<typeof renderApp>["user"];

const form = () => new File(["PK filled form"], "Crocs Spring 2027 order form.xlsx", { type: xlsxType });

async function openImport(user: User) {
  await user.click(await screen.findByRole("button", { name: "Import order form" }, firstRender));
  return screen.findByRole("dialog", { name: "Import order form" });
}

beforeEach(() => seedSession());
afterEach(() => toast.dismiss());

describe("order forms", { timeout: 40_000 }, () => {
  it("reads the file name a download is given", () => {
    expect(
      fileNameFromDisposition(
        `attachment; filename="Caf_ order form.xlsx"; filename*=UTF-8''Caf%C3%A9%20order%20form.xlsx`,
      ),
    ).toBe("Café order form.xlsx");
    expect(fileNameFromDisposition('attachment; filename="Crocs order form.xlsx"')).toBe(
      "Crocs order form.xlsx",
    );
    expect(fileNameFromDisposition(null)).toBeNull();
  });

  it("downloads a published line list's form with the session's token", async () => {
    const api = formsApi();
    const createObjectURL = vi.spyOn(URL, "createObjectURL").mockReturnValue("blob:form");
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    const { user } = renderApp("/home/orders/all");

    await user.click(await screen.findByRole("button", { name: "Download Forms" }, firstRender));
    const dialog = await screen.findByRole("dialog", { name: "Download order form" });
    const download = within(dialog).getByRole("button", { name: "Download" });
    expect(download).toBeDisabled();
    await user.click(within(dialog).getByRole("combobox", { name: "Line list" }));
    const options = await screen.findByRole("listbox");
    expect(
      within(options)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Crocs · Spring 2027Pre-Book · Deadline 03/01/2999", "Pandora · BasicsOwn Stock"]);
    await user.click(within(options).getByRole("option", { name: /Crocs · Spring 2027/ }));
    // For a store: the form names its customer and store, which an import then proposes.
    await user.click(within(dialog).getByRole("combobox", { name: "For store (optional)" }));
    await user.click(await screen.findByRole("option", { name: "Sole Mates · Beach Store" }));
    // A store chosen can be given up again, and chosen once more.
    await user.click(within(dialog).getByRole("button", { name: "For any customer instead" }));
    expect(within(dialog).getByRole("combobox", { name: "For store (optional)" })).toHaveTextContent(
      "Any customer",
    );
    await user.click(within(dialog).getByRole("combobox", { name: "For store (optional)" }));
    await user.click(await screen.findByRole("option", { name: "Sole Mates · Beach Store" }));
    await user.click(download);

    expect(await screen.findByText(orderFormMessages.downloaded)).toBeInTheDocument();
    const [call] = api.sent("GET", "/api/line-lists/10/order-form");
    expect(call!.search).toBe("?storeId=21");
    expect(call!.headers.get("Authorization")).toMatch(/^Bearer /);
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    // The dialog offers what GET /api/orders/order-form/line-lists answers: New Order's list of
    // published line lists is not asked for.
    expect(api.sent("GET", "/api/line-lists")).toEqual([]);
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe("Crocs Spring 2027 order form.xlsx");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    click.mockRestore();
    createObjectURL.mockRestore();
  });

  it("offers only line lists that can still be ordered from, and says why pre-books past their deadline are not", async () => {
    formsApi({ offered: { ...offeredLineLists, pastDeadline: 2 } });
    const { user } = renderApp("/home/orders/all");
    await user.click(await screen.findByRole("button", { name: "Download Forms" }, firstRender));
    const dialog = await screen.findByRole("dialog", { name: "Download order form" });
    const picker = within(dialog).getByRole("combobox", { name: "Line list" });
    await waitFor(() =>
      expect(picker).toHaveAccessibleDescription(orderFormMessages.pastDeadlineNotOffered(2)),
    );
    await user.click(picker);
    expect(
      within(await screen.findByRole("listbox"))
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Crocs · Spring 2027Pre-Book · Deadline 03/01/2999", "Pandora · BasicsOwn Stock"]);
  });

  it("says so when every published line list is past its deadline", async () => {
    formsApi({ offered: { lineLists: [], pastDeadline: 1 } });
    const { user } = renderApp("/home/orders/all");
    await user.click(await screen.findByRole("button", { name: "Download Forms" }, firstRender));
    const dialog = await screen.findByRole("dialog", { name: "Download order form" });
    expect(await within(dialog).findByText(orderFormMessages.pastDeadlineNotOffered(1))).toBeInTheDocument();
    expect(within(dialog).getByRole("combobox", { name: "Line list" })).toBeDisabled();
    expect(within(dialog).getByRole("button", { name: "Download" })).toBeDisabled();
  });

  it("says why a form cannot be downloaded", async () => {
    formsApi({
      download: () =>
        Response.json(
          { success: false, message: orderFormMessages.lineListNotPublished, data: null },
          { status: 409 },
        ),
    });
    const { user } = renderApp("/home/orders/all");
    await user.click(await screen.findByRole("button", { name: "Download Forms" }, firstRender));
    const dialog = await screen.findByRole("dialog", { name: "Download order form" });
    await user.click(within(dialog).getByRole("combobox", { name: "Line list" }));
    await user.click(await screen.findByRole("option", { name: /Crocs · Spring 2027/ }));
    await user.click(within(dialog).getByRole("button", { name: "Download" }));
    expect(await screen.findByText(orderFormMessages.downloadFailed)).toBeInTheDocument();
    expect(screen.getByText(orderFormMessages.lineListNotPublished)).toBeInTheDocument();
    expect(screen.getByRole("dialog", { name: "Download order form" })).toBeInTheDocument();
  });

  it("uploads a filled form for the preset store, shows its lines and totals, and saves the order", async () => {
    const api = formsApi();
    const { user, router } = renderApp("/home/orders/new?storeId=21");
    const dialog = await openImport(user);
    expect(within(dialog).getByRole("combobox", { name: "Customer" })).toHaveTextContent("Sole Mates");
    await waitFor(() =>
      expect(within(dialog).getByRole("combobox", { name: "Store" })).toHaveTextContent("Beach Store"),
    );
    expect(within(dialog).getByRole("button", { name: "Save order" })).toBeDisabled();

    await user.upload(within(dialog).getByLabelText("Choose the filled order form"), form());
    const grid = await within(dialog).findByRole("table", { name: "Crocs · Spring 2027" });
    const total = within(dialog).getByRole("region", { name: "Order form total" });
    expect(total).toHaveTextContent("Pre-Book order for Sole Mates · Beach Store · 2 lines");
    expect(within(total).getByText("$106.25")).toBeInTheDocument();
    expect(within(grid).getByRole("rowheader", { name: /CR-1/ }).closest("tr")).toHaveTextContent("$106.25");

    // The same upload path as line lists, as an order form: presign, PUT, then the preview.
    const [presign] = api.sent("POST", "/api/uploads/get-presigned-upload-url");
    expect(presign!.body).toEqual({
      purpose: "order-form",
      fileKey: "Crocs Spring 2027 order form.xlsx",
      fileType: xlsxType,
      fileSize: form().size,
      contentType: xlsxType,
    });
    const [put] = api.sent("PUT", "/storage/uploads/0b7f.xlsx");
    expect(put!.headers.get("Authorization")).toBeNull();
    expect(api.sent("POST", "/api/orders/order-form/preview").map((call) => call.body)).toEqual([
      { fileKey: "uploads/0b7f.xlsx", storeId: 21 },
    ]);

    await user.click(within(dialog).getByRole("button", { name: "Save order" }));
    expect(await screen.findByText("Order created successfully")).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe("/home/orders/55"));
    expect(api.sent("POST", "/api/orders").map((call) => call.body)).toEqual([
      {
        storeId: 21,
        orderType: "pre-book",
        lines: [
          { lineListId: 10, sku: "CR-1-M5", quantity: 3 },
          { lineListId: 10, sku: "CR-1-M6", quantity: 2 },
        ],
      },
    ]);
  });

  it("proposes the customer and store the form names, which the person can change", async () => {
    const maple = { id: 31, name: "Maple Store", organizationId: 3, organizationName: "Maple Feet" };
    const named = {
      customerName: "sole mates",
      storeName: "Beach Store",
      match: { organizationId: 2, storeId: 21 },
    };
    const api = formsApi({
      preview: (body) => envelope(formPreview({ named, ...(body.storeId === 31 && { store: maple }) })),
    });
    const { user } = renderApp("/home/orders/new");
    const dialog = await openImport(user);
    await user.upload(within(dialog).getByLabelText("Choose the filled order form"), form());

    expect(
      await within(dialog).findByText(orderFormMessages.namedProposal("Sole Mates", "Beach Store")),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole("combobox", { name: "Customer" })).toHaveTextContent("Sole Mates");
    expect(within(dialog).getByRole("combobox", { name: "Store" })).toHaveTextContent("Beach Store");
    expect(within(dialog).getByRole("region", { name: "Order form total" })).toHaveTextContent(
      "Pre-Book order for Sole Mates · Beach Store",
    );
    // Asked once, with no store: the proposal is the answer's own store.
    expect(api.sent("POST", "/api/orders/order-form/preview").map((call) => call.body)).toEqual([
      { fileKey: "uploads/0b7f.xlsx" },
    ]);
    expect(within(dialog).getByRole("button", { name: "Save order" })).toBeEnabled();

    // Another customer and store: the form is read again for them, and the names it holds are shown.
    await user.click(within(dialog).getByRole("combobox", { name: "Customer" }));
    await user.click(await screen.findByRole("option", { name: "Maple Feet" }));
    await user.click(within(dialog).getByRole("combobox", { name: "Store" }));
    await user.click(await screen.findByRole("option", { name: "Maple Store" }));
    expect(
      await within(dialog).findByText(orderFormMessages.namedDiffers("sole mates · Beach Store")),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole("region", { name: "Order form total" })).toHaveTextContent(
      "Maple Feet · Maple Store",
    );
    expect(api.sent("POST", "/api/orders/order-form/preview").at(-1)!.body).toEqual({
      fileKey: "uploads/0b7f.xlsx",
      storeId: 31,
    });

    // And back to the store the form names, in one click.
    await user.click(within(dialog).getByRole("button", { name: orderFormMessages.useNamed }));
    await waitFor(() =>
      expect(within(dialog).getByRole("combobox", { name: "Store" })).toHaveTextContent("Beach Store"),
    );
    await waitFor(() =>
      expect(api.sent("POST", "/api/orders/order-form/preview").at(-1)!.body).toEqual({
        fileKey: "uploads/0b7f.xlsx",
        storeId: 21,
      }),
    );
  });

  it("asks for the customer and store when the form names none it knows", async () => {
    formsApi({ preview: () => failure(400, orderFormMessages.storeNotNamed) });
    const { user } = renderApp("/home/orders/new");
    const dialog = await openImport(user);
    await user.upload(within(dialog).getByLabelText("Choose the filled order form"), form());
    expect(await within(dialog).findByText(orderFormMessages.storeNotNamed)).toBeInTheDocument();
    expect(within(dialog).queryByRole("alert")).not.toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Save order" })).toBeDisabled();
  });

  it("lists every refused cell with its row, column, value and reason, and does not save", async () => {
    const api = formsApi({
      preview: () =>
        envelope(
          formPreview({
            lines: [previewLine(14, "G", "M5", 3, "63.75")],
            totals: { lines: 1, units: 3, totalWhs: "63.75" },
            errors: [
              {
                row: 14,
                column: "F",
                size: "M4",
                modelCode: "CR-1",
                value: "1.5",
                reason: orderFormMessages.quantityRange,
              },
              {
                row: 15,
                column: "H",
                size: "M6",
                modelCode: "CR-2",
                value: "4",
                reason: orderFormMessages.sizeNotOffered("M6"),
              },
            ],
            errorCount: 2,
          }),
        ),
    });
    const { user } = renderApp("/home/orders/new");
    const dialog = await openImport(user);
    await user.click(within(dialog).getByRole("combobox", { name: "Customer" }));
    await user.click(await screen.findByRole("option", { name: "Sole Mates" }));
    await user.upload(within(dialog).getByLabelText("Choose the filled order form"), form());
    // A customer chosen, its store still to be chosen: nothing is uploaded yet.
    expect(
      within(dialog).getByText("Choose the store to see the form's lines and prices."),
    ).toBeInTheDocument();
    expect(api.sent("POST", "/api/uploads/get-presigned-upload-url")).toEqual([]);

    await user.click(within(dialog).getByRole("combobox", { name: "Store" }));
    await user.click(await screen.findByRole("option", { name: "Beach Store" }));

    const errors = await within(dialog).findByRole("table", { name: "2 cells cannot be ordered" });
    expect(
      within(errors)
        .getAllByRole("row")
        .map((row) =>
          within(row)
            .queryAllByRole("cell")
            .map((cell) => cell.textContent),
        )
        .filter((cells) => cells.length > 0),
    ).toEqual([
      ["14", "F (M4)", "CR-1", "1.5", orderFormMessages.quantityRange],
      ["15", "H (M6)", "CR-2", "4", orderFormMessages.sizeNotOffered("M6")],
    ]);
    expect(within(dialog).getByText(orderFormMessages.fixErrors)).toBeInTheDocument();
    expect(within(dialog).getByRole("table", { name: "Crocs · Spring 2027" })).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Save order" })).toBeDisabled();
  });

  it("refuses a file that is not an order form with the server's message", async () => {
    const api = formsApi({ preview: () => failure(400, orderFormMessages.notAnOrderForm) });
    const { user } = renderApp("/home/orders/new?storeId=21");
    const dialog = await openImport(user);
    await waitFor(() =>
      expect(within(dialog).getByRole("combobox", { name: "Store" })).toHaveTextContent("Beach Store"),
    );
    await user.upload(
      within(dialog).getByLabelText("Choose the filled order form"),
      new File(["not a form"], "notes.xlsx", { type: xlsxType }),
    );
    const alert = await within(dialog).findByRole("alert");
    expect(alert).toHaveTextContent(orderFormMessages.previewFailed);
    expect(alert).toHaveTextContent(orderFormMessages.notAnOrderForm);
    expect(within(dialog).getByRole("button", { name: "Save order" })).toBeDisabled();

    // Removing the file clears the answer; another file can be dropped.
    await user.click(within(dialog).getByRole("button", { name: "Remove notes.xlsx" }));
    expect(within(dialog).queryByRole("alert")).not.toBeInTheDocument();

    // A file that is no workbook is refused at once, without an upload.
    const zone = within(dialog).getByLabelText("Choose the filled order form").parentElement!;
    fireEvent.drop(zone, { dataTransfer: { files: [new File(["a,b"], "order.csv", { type: "text/csv" })] } });
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(orderFormMessages.notAnOrderForm);
    expect(api.sent("POST", "/api/uploads/get-presigned-upload-url")).toHaveLength(1);
  });

  it("says when a form has no quantities", async () => {
    formsApi({
      preview: () => envelope(formPreview({ lines: [], totals: { lines: 0, units: 0, totalWhs: "0.00" } })),
    });
    const { user } = renderApp("/home/orders/new?storeId=21");
    const dialog = await openImport(user);
    await waitFor(() =>
      expect(within(dialog).getByRole("combobox", { name: "Store" })).toHaveTextContent("Beach Store"),
    );
    await user.upload(within(dialog).getByLabelText("Choose the filled order form"), form());
    expect(await within(dialog).findByText(orderFormMessages.noQuantities)).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Save order" })).toBeDisabled();
  });
});
