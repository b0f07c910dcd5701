import type { Permission } from "@cm/contracts/permissions";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type * as React from "react";
import { createMemoryRouter, Link } from "react-router";
import { RouterProvider } from "react-router/dom";
import { describe, expect, it, vi } from "vitest";
import { RequirePermission } from "@/components/require-permission";
import { Button } from "@/components/ui/button";
import { TooltipProvider } from "@/components/ui/tooltip";
import { sessionKeys } from "@/lib/api/session/session-keys";
import { createQueryClient } from "@/lib/react-query";
import { testSessionUser } from "@/testing/auth";

/** Renders `ui` for a signed-in user holding `permissions` (already known: no call is made). */
function renderFor(permissions: Permission[], ui: React.ReactNode) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(sessionKeys.me(), testSessionUser({ permissions }));
  const router = createMemoryRouter([{ path: "/", element: ui }]);
  render(
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        <RouterProvider router={router} />
      </TooltipProvider>
    </QueryClientProvider>,
  );
  return { user: userEvent.setup() };
}

describe("RequirePermission", () => {
  it("leaves the control as it is for a user who holds the permission", async () => {
    const onClick = vi.fn();
    const { user } = renderFor(
      ["brands.manage"],
      <RequirePermission permission="brands.manage">
        <Button onClick={onClick}>Add Brand</Button>
      </RequirePermission>,
    );
    await user.click(screen.getByRole("button", { name: "Add Brand" }));
    expect(onClick).toHaveBeenCalled();
  });

  it("disables it for anyone else and says why on hover and on keyboard focus", async () => {
    const onClick = vi.fn();
    const { user } = renderFor(
      ["catalogs.view"],
      <RequirePermission permission="catalogs.publish">
        <Button onClick={onClick}>Publish</Button>
      </RequirePermission>,
    );
    const button = screen.getByRole("button", { name: "Publish" });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('Needs the "Catalogs: Publish" permission');

    await user.hover(button.parentElement!);
    expect(await screen.findByRole("tooltip")).toHaveTextContent('Needs the "Catalogs: Publish" permission');
    await user.unhover(button.parentElement!);

    await user.tab();
    expect(button.parentElement).toHaveFocus();
    expect(await screen.findByRole("tooltip")).toHaveTextContent('Needs the "Catalogs: Publish" permission');
    await user.keyboard("{Enter}");
    expect(onClick).not.toHaveBeenCalled();
  });

  it("turns a link button into a disabled button with the link's name", () => {
    renderFor(
      [],
      <RequirePermission permission="brands.manage">
        <Button asChild>
          <Link to="/home/brands/edit/1" aria-label="Edit Crocs">
            Edit
          </Link>
        </Button>
      </RequirePermission>,
    );
    expect(screen.queryByRole("link")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Edit Crocs" })).toBeDisabled();
  });

  it("accepts any one of several permissions", () => {
    renderFor(
      ["people.manage"],
      <RequirePermission permission={["customers.manage", "people.manage"]}>
        <Button>Save</Button>
      </RequirePermission>,
    );
    expect(screen.getByRole("button", { name: "Save" })).toBeEnabled();
  });

  it("leaves the control out in hide mode", () => {
    renderFor(
      ["orders.view"],
      <RequirePermission permission="orders.manage" mode="hide">
        <Button>New Order</Button>
      </RequirePermission>,
    );
    expect(screen.queryByRole("button", { name: "New Order" })).not.toBeInTheDocument();
  });
});
