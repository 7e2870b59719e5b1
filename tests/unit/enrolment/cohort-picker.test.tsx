import { useState } from "react";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const mocks = vi.hoisted(() => ({ toast: { success: vi.fn(), error: vi.fn() } }));
vi.mock("@/components/ui/sonner", () => ({ toast: mocks.toast }));

import { CohortPicker } from "@/components/enrolment/cohorts/cohort-picker";
import type { Cohort } from "@/lib/cohorts/cohort-schemas";
import { NOV_15_2025, makeCohort } from "./cohort-fixtures";
import { json, renderWithQuery, stubFetch } from "./test-utils";

function Harness({ onSelect }: { onSelect?: (id: string | null) => void }) {
  const [selected, setSelected] = useState<string | null>(null);
  return (
    <CohortPicker
      selectedId={selected}
      now={NOV_15_2025}
      onSelect={(id) => {
        onSelect?.(id);
        setSelected(id);
      }}
    />
  );
}

function serve(cohorts: Cohort[]) {
  return stubFetch({ "/api/cohorts": () => json(200, { data: cohorts }) });
}

const cards = () => screen.getAllByRole("listitem").filter((item) => item.hasAttribute("data-cohort-id"));
const names = () => cards().map((card) => within(card).getByRole("heading").textContent);

beforeEach(() => vi.clearAllMocks());
afterEach(() => vi.unstubAllGlobals());

describe("cohort picker (SPEC §2)", () => {
  it("asks for the English cohorts and shows skeletons while they load", async () => {
    const fetchMock = serve([makeCohort({ cohort_name: "Kickstart" })]);
    renderWithQuery(<Harness />);
    expect(screen.getByText("Loading cohorts")).toBeTruthy();
    expect(await screen.findByRole("heading", { name: "Kickstart" })).toBeTruthy();
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe("/api/cohorts?language=en");
  });

  it("has the tabs All and the current month and the next three", async () => {
    serve([]);
    renderWithQuery(<Harness />);
    const tabs = await screen.findAllByRole("tab");
    expect(tabs.map((t) => t.textContent)).toEqual(["All", "November", "December", "January", "February"]);
    expect(tabs[0]!.getAttribute("aria-selected")).toBe("true");
  });

  it("shows a month's cohorts under its tab and undated ones only under All", async () => {
    serve([
      makeCohort({ cohort_name: "November group", start_cohort_date: "2025-11-25T00:00:00.000Z" }),
      makeCohort({
        cohort_name: "December group",
        start_cohort_date: "2025-12-05T00:00:00.000Z",
        end_cohort_date: "2025-12-19T00:00:00.000Z",
      }),
      makeCohort({ cohort_name: "Waitlist", start_cohort_date: null, end_cohort_date: null }),
    ]);
    renderWithQuery(<Harness />);
    await screen.findByRole("heading", { name: "Waitlist" });
    expect(names()).toEqual(["November group", "December group", "Waitlist"]);
    fireEvent.mouseDown(screen.getByRole("tab", { name: "December" }));
    expect(names()).toEqual(["December group"]);
    expect(screen.getByText("Dec 5, 2025 – Dec 19, 2025")).toBeTruthy();
  });

  it("shows only upcoming cohorts that have not started", async () => {
    serve([
      makeCohort({ cohort_name: "Open" }),
      makeCohort({ cohort_name: "Running", status: "active" }),
      makeCohort({ cohort_name: "Started", start_cohort_date: "2025-11-10T00:00:00.000Z" }),
    ]);
    renderWithQuery(<Harness />);
    await screen.findByRole("heading", { name: "Open" });
    expect(names()).toEqual(["Open"]);
  });

  it("shows 4 cohorts per page with previous/next and page numbers, back to page 1 on a tab change", async () => {
    serve(
      Array.from({ length: 6 }, (_, i) =>
        makeCohort({ cohort_name: `Group ${i + 1}`, start_cohort_date: `2025-12-0${i + 1}T00:00:00.000Z` }),
      ),
    );
    renderWithQuery(<Harness />);
    await screen.findByRole("heading", { name: "Group 1" });
    expect(names()).toEqual(["Group 1", "Group 2", "Group 3", "Group 4"]);
    const pages = screen.getByRole("navigation", { name: "Cohort pages" });
    expect((within(pages).getByRole("button", { name: "Previous" }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(pages).getByRole("button", { name: "Page 1" }).getAttribute("aria-current")).toBe("page");
    fireEvent.click(within(pages).getByRole("button", { name: "Next" }));
    expect(names()).toEqual(["Group 5", "Group 6"]);
    expect((within(pages).getByRole("button", { name: "Next" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(pages).getByRole("button", { name: "Page 1" }));
    expect(names()).toEqual(["Group 1", "Group 2", "Group 3", "Group 4"]);
    fireEvent.click(within(pages).getByRole("button", { name: "Page 2" }));
    fireEvent.mouseDown(screen.getByRole("tab", { name: "December" }));
    expect(names()).toEqual(["Group 1", "Group 2", "Group 3", "Group 4"]);
  });

  it("selects a cohort on click and deselects it on a second click", async () => {
    const onSelect = vi.fn();
    const cohort = makeCohort({ cohort_name: "Kickstart" });
    serve([cohort]);
    renderWithQuery(<Harness onSelect={onSelect} />);
    const button = await screen.findByRole("button", { name: "Select Kickstart" });
    expect(button.getAttribute("aria-pressed")).toBe("false");
    fireEvent.click(button);
    expect(onSelect).toHaveBeenLastCalledWith(cohort.id);
    expect(screen.getByRole("button", { name: "Selected Kickstart" }).getAttribute("aria-pressed")).toBe("true");
    fireEvent.click(cards()[0]!);
    expect(onSelect).toHaveBeenLastCalledWith(null);
    expect(screen.getByRole("button", { name: "Select Kickstart" }).getAttribute("aria-pressed")).toBe("false");
  });

  it("marks a full cohort 'Full' and does not let it be selected (its waitlist can be joined instead)", async () => {
    const onSelect = vi.fn();
    serve([makeCohort({ cohort_name: "Packed", participant_cap: 20, prospective_participant_count: 20 })]);
    renderWithQuery(<Harness onSelect={onSelect} />);
    await screen.findByRole("heading", { name: "Packed" });
    const card = cards()[0]!;
    expect(within(card).getAllByText("Full").length).toBeGreaterThan(0);
    expect(within(card).getByRole("button", { name: "Join the waitlist for Packed" })).toBeTruthy();
    const button = within(card).getByRole("button", { name: "Full – Packed" });
    expect(button.getAttribute("aria-disabled")).toBe("true");
    expect(button.hasAttribute("aria-pressed")).toBe(false);
    fireEvent.click(button);
    fireEvent.click(card);
    expect(onSelect).not.toHaveBeenCalled();
  });

  it("tells a buyer when the remaining places are only held by people checking out, which may free up", async () => {
    serve([
      makeCohort({
        cohort_name: "Held out",
        participant_cap: 20,
        participant_count: 18,
        prospective_participant_count: 20,
        held_participant_count: 2,
      }),
      makeCohort({
        cohort_name: "Some held",
        participant_cap: 20,
        participant_count: 5,
        prospective_participant_count: 6,
        held_participant_count: 1,
      }),
      makeCohort({
        cohort_name: "Sold out",
        participant_cap: 20,
        participant_count: 20,
        prospective_participant_count: 20,
        held_participant_count: 0,
      }),
    ]);
    renderWithQuery(<Harness />);
    await screen.findByRole("heading", { name: "Held out" });
    const [heldOut, someHeld, soldOut] = cards();
    expect(within(heldOut!).getAllByText("Full").length).toBeGreaterThan(0);
    expect(within(heldOut!).getByTestId("cohort-held-note").textContent).toBe(
      "The last 2 places are held by people checking out. They may free up, so check back soon.",
    );
    expect(within(someHeld!).getByTestId("cohort-held-note").textContent).toBe("1 place is held by someone checking out and may free up.");
    expect(within(soldOut!).queryByTestId("cohort-held-note")).toBeNull();
  });

  it("shows duration, dates and participants against the cap with a coloured bar", async () => {
    serve([
      makeCohort({ cohort_name: "Quiet", participant_cap: 20, prospective_participant_count: 9, duration_days: 21 }),
      makeCohort({ cohort_name: "Busy", participant_cap: 20, prospective_participant_count: 10, duration_days: null }),
      makeCohort({
        cohort_name: "Nearly full",
        participant_cap: 20,
        prospective_participant_count: 18,
        start_cohort_date: null,
        end_cohort_date: null,
      }),
      makeCohort({ cohort_name: "No end", start_cohort_date: "2025-12-05T00:00:00.000Z", end_cohort_date: null }),
    ]);
    renderWithQuery(<Harness />);
    await screen.findByRole("heading", { name: "Quiet" });
    const [quiet, busy, nearly, noEnd] = cards();
    expect(within(quiet!).getByText("21 Days Program")).toBeTruthy();
    expect(within(busy!).getByText("14 Days Program")).toBeTruthy();
    expect(within(quiet!).getByTestId("cohort-participants").textContent).toBe("9 / 20");
    expect(within(quiet!).getByRole("progressbar").getAttribute("data-bar-colour")).toBe("green");
    expect(within(busy!).getByRole("progressbar").getAttribute("data-bar-colour")).toBe("yellow");
    expect(within(nearly!).getByRole("progressbar").getAttribute("data-bar-colour")).toBe("red");
    expect(within(nearly!).getByText("Dates to be announced")).toBeTruthy();
    expect(within(noEnd!).getByText("Dec 5, 2025 – TBD")).toBeTruthy();
  });

  it("says 'No Campaigns Available' when a month has no cohorts", async () => {
    serve([makeCohort({ start_cohort_date: "2025-11-25T00:00:00.000Z" })]);
    renderWithQuery(<Harness />);
    await screen.findAllByRole("heading");
    fireEvent.mouseDown(screen.getByRole("tab", { name: "January" }));
    expect(screen.getByRole("heading", { name: "No Campaigns Available" })).toBeTruthy();
    expect(screen.getByText("No campaigns available during this month.")).toBeTruthy();
  });

  it("shows the load failure inline and as an error toast, and can try again", async () => {
    let fail = true;
    stubFetch({
      "/api/cohorts": () =>
        fail ? json(500, { error: "Database down", code: "internal" }) : json(200, { data: [makeCohort({ cohort_name: "Back" })] }),
    });
    renderWithQuery(<Harness />);
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Failed to load cohorts. Please try again later.");
    expect(mocks.toast.error).toHaveBeenCalledTimes(1);
    expect(mocks.toast.error).toHaveBeenCalledWith("Failed to load cohorts. Please try again later.", expect.anything());
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("heading", { name: "Back" })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("alert")).toBeNull());
  });
});
