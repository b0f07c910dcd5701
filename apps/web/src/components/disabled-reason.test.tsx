import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { DisabledReason } from "@/components/disabled-reason";
import { Button } from "@/components/ui/button";

function renderDisabled() {
  const user = userEvent.setup();
  render(
    <>
      <DisabledReason reason='Needs the "Catalogs: Publish" permission'>
        <Button disabled>Publish</Button>
      </DisabledReason>
      <p>Elsewhere</p>
    </>,
  );
  const wrapper = screen.getByRole("button", { name: "Publish" }).parentElement!;
  return { user, wrapper };
}

describe("DisabledReason", () => {
  it("shows the reason on a tap, where there is no hover, and hides it on a tap elsewhere", async () => {
    const { user, wrapper } = renderDisabled();
    await user.pointer({ keys: "[TouchA]", target: wrapper });
    expect(await screen.findByRole("tooltip")).toHaveTextContent('Needs the "Catalogs: Publish" permission');

    await user.pointer({ keys: "[TouchA]", target: screen.getByText("Elsewhere") });
    await waitFor(() => expect(screen.queryByRole("tooltip")).not.toBeInTheDocument());
  });

  it("shows the reason on a click", async () => {
    const { user, wrapper } = renderDisabled();
    await user.click(wrapper);
    expect(await screen.findByRole("tooltip")).toHaveTextContent("Catalogs: Publish");
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("tooltip")).not.toBeInTheDocument());
  });

  it("shows the reason on keyboard focus", async () => {
    const { user, wrapper } = renderDisabled();
    await user.tab();
    expect(wrapper).toHaveFocus();
    expect(await screen.findByRole("tooltip")).toHaveTextContent("Catalogs: Publish");
  });
});
