import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { CODE_LOAD_FAILED } from "@/components/errors/load-error";
import { toast, Toaster } from "@/components/ui/sonner";

const network = vi.hoisted(() => ({ up: false }));
// The toaster's code cannot be fetched until the connection comes back.
vi.mock("@/components/ui/sonner-toaster", async (importOriginal) => {
  if (!network.up) throw new Error("Failed to load chunk");
  return importOriginal();
});

describe("toasts whose toaster cannot load", () => {
  it("says the toaster could not load, and a toast raised meanwhile shows once 'Try again' brings it", async () => {
    render(<Toaster />);
    await Toaster.preload();
    expect(await screen.findByText(CODE_LOAD_FAILED)).toBeTruthy();
    toast.error("Failed to load cohorts. Please try again later.");

    network.up = true;
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    // The code 'Try again' fetches has arrived.
    await Toaster.preload();
    expect(await screen.findByText("Failed to load cohorts. Please try again later.")).toBeTruthy();
    expect(screen.queryByText(CODE_LOAD_FAILED)).toBeNull();
  });
});
