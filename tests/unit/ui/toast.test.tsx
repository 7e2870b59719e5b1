import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { toast, Toaster } from "@/components/ui/sonner";

describe("toasts, whose library loads after the page", () => {
  it("shows a toast raised before the toaster mounted, and the ones raised after, in order", async () => {
    toast.success("Link copied to clipboard!");
    // The toaster's code arrives (on a busy machine it takes a while), then it mounts.
    await Toaster.preload();
    render(<Toaster />);
    expect(await screen.findByText("Link copied to clipboard!")).toBeTruthy();

    toast.error("Error", { description: "Cohorts can be changed up to 24 hours before the start." });
    toast.warning("Copy it yourself");
    expect(await screen.findByText("Cohorts can be changed up to 24 hours before the start.")).toBeTruthy();
    expect(await screen.findByText("Copy it yourself")).toBeTruthy();
    const texts = screen.getAllByRole("listitem").map((item) => item.textContent ?? "");
    expect(texts.findIndex((t) => t.includes("Copy it yourself"))).toBeLessThan(
      texts.findIndex((t) => t.includes("Cohorts can be changed")),
    );
  });
});
