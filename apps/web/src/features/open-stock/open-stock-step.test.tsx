import { type OpenStockPreviewData, openStockMessages } from "@cm/contracts/open-stock";
import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import { OpenStockStep } from "@/features/open-stock/open-stock-step";
import { createQueryClient } from "@/lib/react-query";

const csvKey = "uploads/0b7f0000-0000-4000-8000-000000000000.csv";
const presignedUrl = `http://localhost/storage/${csvKey}?X-Signature=abc`;

function previewData(overrides: Partial<OpenStockPreviewData> = {}): OpenStockPreviewData {
  return {
    kind: "csv",
    sheets: [],
    sheet: null,
    headerRow: 1,
    headers: ["Ref", "Pieces", "Colour"],
    samples: [
      ["CR-1-8", "CR-1-9", "NOPE-1"],
      ["4", "0", "2"],
      ["Black", "White"],
    ],
    rowCount: 3,
    columns: { sku: null, quantity: "Pieces" },
    source: "guessed",
    problems: [openStockMessages.chooseSkuColumn],
    counts: null,
    unknownSkus: [],
    rowErrors: [],
    ...overrides,
  };
}

type Call = { method: string; path: string; body: unknown };

function mockApi(previews: (OpenStockPreviewData | { refused: string })[]) {
  const calls: Call[] = [];
  let previewIndex = 0;
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), "http://localhost");
    const method = init.method ?? "GET";
    const body = typeof init.body === "string" ? (JSON.parse(init.body) as unknown) : init.body;
    calls.push({ method, path: url.pathname, body });
    const envelope = (data: unknown) => Response.json({ success: true, message: "OK", data });
    if (url.pathname === "/api/uploads/get-presigned-upload-url") {
      return envelope({
        presignedUrl,
        fileKey: csvKey,
        metadataKey: "uploads/0b7f.metadata.json",
        method: "PUT",
        headers: { "Content-Type": "text/csv" },
        expiresAt: "2027-03-01T15:35:00.000Z",
        maxFileBytes: 25 * 1024 * 1024,
      });
    }
    if (method === "PUT") return new Response("", { status: 200 });
    if (url.pathname === "/api/open-stock/preview") {
      const answer = previews[Math.min(previewIndex++, previews.length - 1)]!;
      if ("refused" in answer) {
        return Response.json(
          { success: false, message: answer.refused, data: { file: [answer.refused] } },
          { status: 400 },
        );
      }
      return envelope(answer);
    }
    if (url.pathname === "/api/open-stock/apply") {
      return envelope({ updated: 2, unknown: 1, duplicates: 0, rowErrors: 0 });
    }
    return Response.json({ success: false, message: "Not found", data: null }, { status: 404 });
  });
  vi.stubGlobal("fetch", fetchMock);
  return { sent: (path: string) => calls.filter((call) => call.path === path).map((call) => call.body) };
}

function renderStep() {
  const onDone = vi.fn();
  const onCancel = vi.fn();
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <OpenStockStep onDone={onDone} onCancel={onCancel} />
    </QueryClientProvider>,
  );
  return { user, onDone, onCancel };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("OpenStockStep", () => {
  it("uploads the file, asks for the column it could not guess, shows the counts and the unknown SKUs, and applies", async () => {
    const api = mockApi([
      previewData(),
      previewData({
        columns: { sku: "Ref", quantity: "Pieces" },
        source: "given",
        problems: [],
        counts: { updated: 2, unknown: 1, duplicates: 0, rowErrors: 1 },
        unknownSkus: ["NOPE-1"],
        rowErrors: [
          { row: 4, column: "Pieces", value: "x", message: 'CR-1-10: "x" is not a whole number of units' },
        ],
      }),
    ]);
    const success = vi.spyOn(toast, "success");
    const { user, onDone } = renderStep();

    await user.upload(
      screen.getByLabelText("Choose a stock file"),
      new File(["Ref,Pieces\n"], "stock.csv", { type: "text/csv" }),
    );
    expect(await screen.findByText(openStockMessages.chooseSkuColumn)).toBeInTheDocument();
    expect(api.sent("/api/uploads/get-presigned-upload-url")[0]).toMatchObject({
      purpose: "open-stock",
      fileKey: "stock.csv",
      contentType: "text/csv",
    });
    expect(api.sent("/api/open-stock/preview")[0]).toEqual({ key: csvKey, fileName: "stock.csv" });
    // The guessed quantity column, with its first values.
    expect(screen.getByText("e.g. 4, 0, 2")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Apply" })).toBeDisabled();

    await user.click(screen.getByRole("combobox", { name: "SKU or UPC column" }));
    await user.click(await screen.findByRole("option", { name: /^Ref/ }));
    expect(await screen.findByText("2 SKUs updated, 1 unknown SKU")).toBeInTheDocument();
    expect(api.sent("/api/open-stock/preview")[1]).toEqual({
      key: csvKey,
      fileName: "stock.csv",
      headerRow: 1,
      columns: { sku: "Ref", quantity: "Pieces" },
    });
    expect(screen.getByText("NOPE-1")).toBeInTheDocument();
    expect(screen.getByText(/Row 4: CR-1-10/)).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Apply" }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(api.sent("/api/open-stock/apply")[0]).toEqual({
      key: csvKey,
      fileName: "stock.csv",
      headerRow: 1,
      columns: { sku: "Ref", quantity: "Pieces" },
    });
    expect(success).toHaveBeenCalledWith(openStockMessages.applied, {
      description: openStockMessages.appliedDescription(2),
    });
  });

  it("says when the saved columns were used, and goes back", async () => {
    mockApi([
      previewData({
        columns: { sku: "Ref", quantity: "Pieces" },
        source: "saved",
        problems: [],
        counts: { updated: 3, unknown: 0, duplicates: 0, rowErrors: 0 },
      }),
    ]);
    const { user, onCancel } = renderStep();
    await user.upload(
      screen.getByLabelText("Choose a stock file"),
      new File(["Ref,Pieces\n"], "stock.csv", { type: "text/csv" }),
    );
    expect(await screen.findByText(openStockMessages.savedLayoutUsed)).toBeInTheDocument();
    expect(screen.getByText("3 SKUs updated, 0 unknown SKUs")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Apply" })).toBeEnabled();
    await user.click(screen.getByRole("button", { name: "Back" }));
    expect(onCancel).toHaveBeenCalled();
  });

  it("refuses a file of another kind before uploading it", async () => {
    const api = mockApi([previewData()]);
    renderStep();
    // Dropped, or picked with "All files": the picker's filter is no check.
    fireEvent.change(screen.getByLabelText("Choose a stock file"), {
      target: { files: [new File(["%PDF"], "stock.pdf", { type: "application/pdf" })] },
    });
    expect(await screen.findByText(openStockMessages.wrongFileType)).toBeInTheDocument();
    expect(api.sent("/api/uploads/get-presigned-upload-url")).toEqual([]);
  });

  it("shows why the server refused the file, and takes another one", async () => {
    const refusal = "The file is not an Excel workbook (.xlsx or .xls)";
    mockApi([{ refused: refusal }, previewData()]);
    const { user } = renderStep();
    await user.upload(
      screen.getByLabelText("Choose a stock file"),
      new File(["x"], "stock.xlsx", {
        type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      }),
    );
    expect(await screen.findByText(openStockMessages.previewFailed)).toBeInTheDocument();
    expect(screen.getByText(refusal)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Remove stock.xlsx" }));
    await user.upload(
      screen.getByLabelText("Choose a stock file"),
      new File(["Ref,Pieces\n"], "stock.csv", { type: "text/csv" }),
    );
    expect(await screen.findByText(openStockMessages.chooseSkuColumn)).toBeInTheDocument();
    expect(screen.queryByText(refusal)).not.toBeInTheDocument();
  });
});
