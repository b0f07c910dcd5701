import { type OrganizationAddressInput, organizationAddressSchema } from "@cm/contracts/addresses";
import { zodResolver } from "@hookform/resolvers/zod";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { FormProvider, useForm } from "react-hook-form";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { AddressFields, type FallbackAddress } from "@/components/addresses/address-form";

// Typing into whole forms is slow under happy-dom on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

const schema = z.object({ address: organizationAddressSchema });
type Output = z.output<typeof schema>;

function AddressForm({
  onSubmit,
  fallback,
}: {
  onSubmit: (values: Output) => void;
  fallback?: FallbackAddress;
}) {
  const form = useForm<{ address: OrganizationAddressInput }, unknown, Output>({
    resolver: zodResolver(schema),
    defaultValues: {
      address: { type: "physical", line1: "", line2: "", city: "", state: "", postalCode: "", country: "" },
    },
  });
  return (
    <FormProvider {...form}>
      <form aria-label="Address" onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}>
        <AddressFields name="address" fallbackAddress={fallback} />
        <button type="submit">Save</button>
      </form>
    </FormProvider>
  );
}

describe("AddressFields", () => {
  it("requires line 1, city, state and a country, and sends blank optional fields as absent", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<AddressForm onSubmit={onSubmit} />);
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Address line 1 is required")).toBeInTheDocument();
    expect(screen.getByText("City is required")).toBeInTheDocument();
    expect(screen.getByText("State is required")).toBeInTheDocument();
    expect(screen.getByText("Country is required")).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Address line 1" })).toHaveAttribute("aria-invalid", "true");

    await user.type(screen.getByRole("textbox", { name: "Address line 1" }), "1 Bay Street");
    await user.type(screen.getByRole("textbox", { name: "City" }), "Toronto");
    await user.type(screen.getByRole("textbox", { name: "State / Province" }), "ON");
    // The country list is searchable, by name or by code.
    await user.click(screen.getByRole("combobox", { name: "Country" }));
    await user.type(screen.getByRole("combobox", { name: "Search countries" }), "cana");
    expect(screen.getAllByRole("option")).toHaveLength(1);
    await user.click(screen.getByRole("option", { name: "Canada (CA)" }));
    expect(screen.getByRole("combobox", { name: "Country" })).toHaveTextContent("Canada (CA)");
    await user.click(screen.getByRole("button", { name: "Save" }));

    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]![0]).toEqual({
      address: { type: "physical", line1: "1 Bay Street", city: "Toronto", state: "ON", country: "CA" },
    });
  });

  it("takes a Canadian postal code as typed and sends it as A1A 1A1", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<AddressForm onSubmit={onSubmit} />);
    await user.type(screen.getByRole("textbox", { name: "Address line 1" }), "1 Bay Street");
    await user.type(screen.getByRole("textbox", { name: "City" }), "Toronto");
    await user.type(screen.getByRole("textbox", { name: "State / Province" }), "ON");
    await user.click(screen.getByRole("combobox", { name: "Country" }));
    await user.click(screen.getByRole("option", { name: "Canada (CA)" }));
    const postalCode = screen.getByRole("textbox", { name: /Postal code/ });
    await user.type(postalCode, "m5v 2t6");
    expect(postalCode).toHaveValue("m5v 2t6");
    expect(postalCode).not.toHaveAttribute("inputmode");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]![0].address.postalCode).toBe("M5V 2T6");
  });

  it("refuses a US ZIP code that is not 5 digits, naming the format", async () => {
    const user = userEvent.setup();
    render(<AddressForm onSubmit={vi.fn()} />);
    await user.click(screen.getByRole("combobox", { name: "Country" }));
    await user.click(screen.getByRole("option", { name: "United States (US)" }));
    const postalCode = screen.getByRole("textbox", { name: /Postal code/ });
    expect(postalCode).toHaveAttribute("inputmode", "numeric");
    await user.type(postalCode, "K1A");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(
      await screen.findByText("Postal code must be a 5-digit ZIP code, or ZIP+4 as 12345-6789"),
    ).toBeInTheDocument();
  });

  it("copies the organization's address when asked, and empties the fields when unchecked", async () => {
    const user = userEvent.setup();
    const fallback = {
      line1: "5 Ocean Drive",
      line2: "",
      city: "Oranjestad",
      state: "Aruba",
      postalCode: "",
      country: "AW",
    };
    render(<AddressForm onSubmit={vi.fn()} fallback={fallback} />);
    const same = screen.getByRole("checkbox", { name: "Same as Organization Address" });
    await user.click(same);
    expect(screen.getByRole("textbox", { name: "Address line 1" })).toHaveValue("5 Ocean Drive");
    expect(screen.getByRole("textbox", { name: "City" })).toHaveAttribute("readonly");
    expect(screen.getByRole("combobox", { name: "Country" })).toHaveTextContent("Aruba (AW)");
    await user.click(same);
    expect(screen.getByRole("textbox", { name: "Address line 1" })).toHaveValue("");
    expect(screen.getByRole("textbox", { name: "City" })).not.toHaveAttribute("readonly");
    expect(screen.getByRole("combobox", { name: "Country" })).toHaveTextContent("Choose a country");
  });

  it("cannot copy an organization address that does not exist yet", () => {
    render(<AddressForm onSubmit={vi.fn()} fallback={null} />);
    expect(screen.getByRole("checkbox", { name: "Same as Organization Address" })).toBeDisabled();
  });
});
