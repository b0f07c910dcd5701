import { render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { PageHeader } from "./list-page";

describe("PageHeader", () => {
  it("names the screen in its heading and the document title", async () => {
    render(<PageHeader title="Stores" description="The shops of your customers." />);
    expect(screen.getByRole("heading", { level: 1, name: "Stores" })).toBeInTheDocument();
    expect(screen.getByText("The shops of your customers.")).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe("Stores · Catalog Manager"));
  });

  it("while the title loads, says so to screen readers and gives the document its loading title", async () => {
    render(
      <PageHeader
        title={undefined}
        loading={{ documentTitle: "Line List Table", label: "Loading the brand…" }}
      />,
    );
    expect(screen.getByRole("heading", { level: 1, name: "Loading the brand…" })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe("Line List Table · Catalog Manager"));
  });
});
