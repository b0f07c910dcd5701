import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { LoginForm } from "@/features/auth/components/login-form";

/** happy-dom does not post a form; record what the browser would have posted instead. */
function spyOnFormPosts() {
  const posts: { action: string; method: string; fields: Record<string, string> }[] = [];
  vi.spyOn(HTMLFormElement.prototype, "submit").mockImplementation(function (this: HTMLFormElement) {
    posts.push({
      action: new URL(this.action).pathname,
      method: this.method,
      fields: Object.fromEntries([...new FormData(this)].map(([name, value]) => [name, String(value)])),
    });
  });
  return posts;
}

describe("login form", { timeout: 30_000 }, () => {
  it("keeps Log in disabled while the e-mail is empty or invalid, and says why as the user types", async () => {
    const user = userEvent.setup();
    render(<LoginForm />);
    const email = screen.getByLabelText("Email");
    const logIn = screen.getByRole("button", { name: "Log in" });
    expect(logIn).toBeDisabled();

    await user.type(email, "ada@");
    expect(await screen.findByText("Expected a valid email address")).toBeInTheDocument();
    expect(email).toHaveAttribute("aria-invalid", "true");
    expect(logIn).toBeDisabled();

    await user.clear(email);
    expect(await screen.findByText("Email is required")).toBeInTheDocument();
    expect(logIn).toBeDisabled();

    await user.type(email, "ada@example.com");
    await waitFor(() => expect(logIn).toBeEnabled());
    expect(screen.queryByText("Expected a valid email address")).not.toBeInTheDocument();
    expect(email).toHaveAttribute("aria-invalid", "false");
  });

  it("posts a real HTML form to /code/authorize with the trimmed e-mail and action=request", async () => {
    const posts = spyOnFormPosts();
    const user = userEvent.setup();
    render(<LoginForm />);

    await user.type(screen.getByLabelText("Email"), "  ada@example.com ");
    await user.click(screen.getByRole("button", { name: "Log in" }));

    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toEqual({
      action: "/code/authorize",
      method: "post",
      fields: { action: "request", email: "ada@example.com" },
    });
  });

  it("validates on submit too: Enter in an invalid field posts nothing", async () => {
    const posts = spyOnFormPosts();
    const user = userEvent.setup();
    render(<LoginForm />);

    await user.type(screen.getByLabelText("Email"), "nobody{Enter}");

    expect(await screen.findByText("Expected a valid email address")).toBeInTheDocument();
    expect(posts).toHaveLength(0);
  });

  it("shows the server's message as the field error until the address is edited", async () => {
    const user = userEvent.setup();
    render(
      <LoginForm
        defaultEmail="ada@example.com"
        serverError="Too many login codes requested. Try again in 45 seconds."
      />,
    );
    expect(screen.getByText("Too many login codes requested. Try again in 45 seconds.")).toBeInTheDocument();
    expect(screen.getByLabelText("Email")).toHaveAccessibleDescription(
      "Too many login codes requested. Try again in 45 seconds.",
    );

    await user.type(screen.getByLabelText("Email"), "m");
    await waitFor(() => expect(screen.queryByText(/Too many login codes requested/)).not.toBeInTheDocument());
  });

  it("lets the page take the address instead of posting it", async () => {
    const posts = spyOnFormPosts();
    const onBeforeSubmit = vi.fn(() => false);
    const user = userEvent.setup();
    render(<LoginForm onBeforeSubmit={onBeforeSubmit} />);

    await user.type(screen.getByLabelText("Email"), "ada@example.com{Enter}");

    await waitFor(() => expect(onBeforeSubmit).toHaveBeenCalledWith("ada@example.com"));
    expect(posts).toHaveLength(0);
  });
});
