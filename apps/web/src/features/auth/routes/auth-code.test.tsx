import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderApp } from "@/testing/render-app";

function spyOnFormPosts() {
  const posts: Record<string, string>[] = [];
  vi.spyOn(HTMLFormElement.prototype, "submit").mockImplementation(function (this: HTMLFormElement) {
    expect(new URL(this.action).pathname).toBe("/code/authorize");
    expect(this.method).toBe("post");
    posts.push(Object.fromEntries([...new FormData(this)].map(([name, value]) => [name, String(value)])));
  });
  return posts;
}

/** The first render loads the page's code on demand: slow on a busy machine. */
const firstRender = { timeout: 10_000 };

const codePage = "/auth/code?name=Ada&email=ada%40example.com";

describe("login code page", { timeout: 30_000 }, () => {
  it("greets the user by name and names the address the code went to", async () => {
    renderApp(codePage);
    expect(
      await screen.findByRole("heading", { name: "Welcome back, Ada" }, firstRender),
    ).toBeInTheDocument();
    expect(screen.getByText(/Enter the login code sent to:/)).toHaveTextContent(
      "Enter the login code sent to: ada@example.com",
    );
    expect(screen.getByRole("button", { name: "Continue" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Request new code" })).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("greets without a name when the server gave none", async () => {
    renderApp("/auth/code?email=someone%40example.com");
    expect(await screen.findByRole("heading", { name: "Welcome back" }, firstRender)).toBeInTheDocument();
  });

  it("submits by itself when a whole code is pasted", async () => {
    const posts = spyOnFormPosts();
    const { user } = renderApp(codePage);
    const code = await screen.findByLabelText(/code/i, {}, firstRender);

    await user.click(code);
    await user.paste("  k7m2pq\n");

    await waitFor(() =>
      expect(posts).toEqual([{ action: "verify", email: "ada@example.com", code: "K7M2PQ" }]),
    );
  });

  it("does not submit a paste that is not a code; Continue then checks its shape", async () => {
    const posts = spyOnFormPosts();
    const { user } = renderApp(codePage);
    const code = await screen.findByLabelText(/code/i, {}, firstRender);

    await user.click(code);
    await user.paste("K7M");
    expect(posts).toHaveLength(0);
    expect(code).toHaveValue("K7M");

    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByText("The code has 6 letters or digits")).toBeInTheDocument();
    expect(posts).toHaveLength(0);

    await user.type(code, "2PQ");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    await waitFor(() =>
      expect(posts).toEqual([{ action: "verify", email: "ada@example.com", code: "K7M2PQ" }]),
    );
  });

  it("asks for a new code for the same address", async () => {
    renderApp(codePage);
    const button = await screen.findByRole("button", { name: "Request new code" }, firstRender);
    // A plain submit button: the browser posts its form as it is.
    expect(button).toHaveAttribute("type", "submit");
    const form = button.closest("form")!;
    expect(form.method).toBe("post");
    expect(new URL(form.action).pathname).toBe("/code/authorize");
    expect(Object.fromEntries(new FormData(form))).toEqual({ action: "request", email: "ada@example.com" });
  });

  it("shows the error block after a wrong code", async () => {
    renderApp(`${codePage}&error=invalid_code`);
    const alert = await screen.findByRole("alert", {}, firstRender);
    expect(alert).toHaveTextContent("The code you entered is incorrect.");
    expect(alert).toHaveTextContent("Check your code or request a new one");
  });

  it("shows other errors, such as the rate limit, as the server wrote them", async () => {
    const message = "Too many login codes requested. Try again in 45 seconds.";
    renderApp(`${codePage}&error=rate_limited&error_description=${encodeURIComponent(message)}`);
    expect(await screen.findByRole("alert", {}, firstRender)).toHaveTextContent(message);
  });
});
