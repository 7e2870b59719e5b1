import { beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";

const mocks = vi.hoisted(() => ({
  router: { push: vi.fn(), refresh: vi.fn() },
  toast: { success: vi.fn(), error: vi.fn() },
}));
vi.mock("next/navigation", () => ({ useRouter: () => mocks.router }));
vi.mock("@/components/ui/sonner", () => ({ toast: mocks.toast }));

import { CohortClosedButton } from "@/components/operator/cohort-closed-button";

// Closing a cohort to new buyers asks first, naming the cohort and what closing does.
const COHORT = "0c0a0000-0000-4000-8000-000000000001";

beforeEach(() => {
  vi.restoreAllMocks();
  vi.clearAllMocks();
});

describe("closing a cohort to new buyers", () => {
  it("asks first in a dialog naming the cohort; Cancel and Esc close nothing", async () => {
    const fetch = vi.spyOn(globalThis, "fetch");
    render(<CohortClosedButton cohortId={COHORT} cohortName="Spring Cohort" closed={false} />);
    fireEvent.click(screen.getByRole("button", { name: "Close to new buyers" }));
    const dialog = await screen.findByRole("dialog", { name: "Close Spring Cohort to new buyers?" });
    expect(dialog.textContent).toContain("The cohort picker stops showing it and checkouts refuse it.");
    expect(dialog.textContent).toContain("keep it");
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    fireEvent.click(screen.getByRole("button", { name: "Close to new buyers" }));
    fireEvent.keyDown(await screen.findByRole("dialog"), { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(fetch).not.toHaveBeenCalled();
  });

  it("sends the close once confirmed; a refusal is said in the dialog, which stays open", async () => {
    const fetch = vi
      .spyOn(globalThis, "fetch")
      .mockResolvedValueOnce(Response.json({ error: "The change could not be saved.", code: "internal" }, { status: 500 }));
    render(<CohortClosedButton cohortId={COHORT} cohortName="Spring Cohort" closed={false} />);
    fireEvent.click(screen.getByRole("button", { name: "Close to new buyers" }));
    const dialog = await screen.findByRole("dialog");
    const confirm = Array.from(dialog.querySelectorAll("button")).find((button) => button.textContent === "Close to new buyers")!;
    fireEvent.click(confirm);
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    const [path, init] = fetch.mock.calls[0]!;
    expect(path).toBe(`/api/operator/cohorts/${COHORT}/closed`);
    expect(JSON.parse(String(init?.body))).toEqual({ closed: true });
    // A refusal is said in the dialog, which stays open.
    expect(await screen.findByRole("alert")).toBeTruthy();
    expect(screen.getByRole("dialog")).toBeTruthy();
  });

  it("reopens without asking", async () => {
    const fetch = vi.spyOn(globalThis, "fetch").mockResolvedValue(Response.json({ data: {} }));
    render(<CohortClosedButton cohortId={COHORT} cohortName="Spring Cohort" closed />);
    fireEvent.click(screen.getByRole("button", { name: "Reopen to new buyers" }));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(JSON.parse(String(fetch.mock.calls[0]![1]?.body))).toEqual({ closed: false });
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
