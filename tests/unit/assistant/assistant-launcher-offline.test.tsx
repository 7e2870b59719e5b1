import { fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AssistantLauncher } from "@/components/assistant/assistant-launcher";
import { CODE_LOAD_FAILED } from "@/components/errors/load-error";
import { storageKeys } from "@/lib/storage-keys";
import { lazyCodeLoaded } from "../../fixtures/lazy-code";

const network = vi.hoisted(() => ({ up: false }));
vi.mock("next/navigation", () => ({ useRouter: () => ({ push: vi.fn() }), usePathname: () => "/" }));
// The panel's code cannot be fetched until the connection comes back.
vi.mock("@/components/assistant/assistant-panel", async (importOriginal) => {
  if (!network.up) throw new Error("Failed to load chunk");
  return importOriginal();
});

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(storageKeys.visited, "true");
});
afterEach(() => localStorage.clear());

describe("the assistant whose panel cannot load", () => {
  it("says so where the panel would be, and 'Try again' opens the panel once the code arrives", async () => {
    render(<AssistantLauncher />);
    fireEvent.click(screen.getByRole("button", { name: "Open the glucose assistant" }));
    expect(await screen.findByText(CODE_LOAD_FAILED)).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();

    network.up = true;
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    await lazyCodeLoaded(import("@/components/assistant/assistant-panel"));
    expect(await screen.findByRole("dialog", { name: "Glucose assistant" })).toBeTruthy();
    expect(screen.queryByText(CODE_LOAD_FAILED)).toBeNull();
  });
});
