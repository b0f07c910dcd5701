import { act, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ItemImage, itemImagePlaceholder, itemImageStartDelayMs } from "./item-image";

const picture = "https://pictures.example.com/10001-001.jpg";

describe("ItemImage", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("asks for the picture only once its tile has been shown for a moment", () => {
    render(<ItemImage imageUrls={[picture]} alt="Classic Clog" />);
    const image = screen.getByRole("img", { name: "Classic Clog" });
    expect(image).not.toHaveAttribute("src");
    // Not drawn meanwhile: Chromium shows a broken-image icon in an image without a source.
    expect(image.className).toContain("[&:not([src])]:invisible");
    act(() => vi.advanceTimersByTime(itemImageStartDelayMs - 1));
    expect(image).not.toHaveAttribute("src");
    act(() => vi.advanceTimersByTime(1));
    expect(image).toHaveAttribute("src", picture);
  });

  it("never asks for the picture of a row scrolled away at once", () => {
    const { unmount } = render(<ItemImage imageUrls={[picture]} alt="Classic Clog" />);
    const image = screen.getByRole("img", { name: "Classic Clog" });
    act(() => vi.advanceTimersByTime(itemImageStartDelayMs / 2));
    unmount();
    act(() => vi.advanceTimersByTime(itemImageStartDelayMs * 10));
    expect(image).not.toHaveAttribute("src");
  });

  it("drops a picture still loading when its row goes", () => {
    const { unmount } = render(<ItemImage imageUrls={[picture]} alt="Classic Clog" />);
    const image = screen.getByRole("img", { name: "Classic Clog" });
    act(() => vi.advanceTimersByTime(itemImageStartDelayMs));
    expect(image).toHaveAttribute("src", picture);
    unmount();
    expect(image).not.toHaveAttribute("src");
  });

  it("shows the placeholder at once when there is no picture", () => {
    render(<ItemImage imageUrls={["No Image"]} alt="Classic Clog" />);
    expect(screen.getByRole("presentation")).toHaveAttribute("src", itemImagePlaceholder);
  });
});
