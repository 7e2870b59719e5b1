import { beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { OperatorCohort } from "@/lib/operator/operator-cohort-schemas";

// The operator area's server-rendered pages, rendered with their data reads stubbed: each asks the
// guard first, then shows its data (or says there is none).
const mocks = vi.hoisted(() => ({
  requireOperatorPage: vi.fn(),
  cohortListPage: vi.fn(),
  getOperatorCohort: vi.fn(),
  cohortParticipantList: vi.fn(),
  listAuditEntries: vi.fn(),
  auditLogPage: vi.fn(),
  countWaiting: vi.fn(),
  cohortWaitlistPage: vi.fn(),
  memberTimeZone: vi.fn(),
  listCohortAnnouncements: vi.fn(),
  cohortProgrammeReport: vi.fn(),
  notFound: vi.fn(() => {
    throw new Error("NEXT_NOT_FOUND");
  }),
}));
vi.mock("@/server/operator/operator-page", () => ({ requireOperatorPage: mocks.requireOperatorPage }));
vi.mock("@/server/db/operator/operator-cohorts", () => ({ getOperatorCohort: mocks.getOperatorCohort }));
vi.mock("@/server/operator/operator-cohorts", () => ({ cohortListPage: mocks.cohortListPage }));
vi.mock("@/server/operator/participants", () => ({ cohortParticipantList: mocks.cohortParticipantList }));
vi.mock("@/server/db/operator/operator-audit", () => ({ listAuditEntries: mocks.listAuditEntries }));
vi.mock("@/server/operator/audit-log", () => ({ auditLogPage: mocks.auditLogPage }));
vi.mock("@/server/db/waitlist/waitlist-lists", () => ({ countWaiting: mocks.countWaiting }));
vi.mock("@/server/operator/waitlist", () => ({ cohortWaitlistPage: mocks.cohortWaitlistPage }));
vi.mock("@/server/db/accounts/users", () => ({ memberTimeZone: mocks.memberTimeZone }));
vi.mock("@/server/db/cohorts/cohort-announcements", () => ({ listCohortAnnouncements: mocks.listCohortAnnouncements }));
vi.mock("@/server/operator/programme-cohort-report", () => ({ cohortProgrammeReport: mocks.cohortProgrammeReport }));
vi.mock("next/navigation", () => ({ notFound: mocks.notFound, useRouter: () => ({ push: vi.fn(), refresh: vi.fn() }) }));

import OperatorAuditPage from "@/app/operator/audit/page";
import OperatorCohortPage from "@/app/operator/cohorts/[id]/page";
import OperatorCohortsPage from "@/app/operator/cohorts/page";

const cohort: OperatorCohort = {
  id: "0c0a0000-0000-4000-8000-000000000001",
  cohort_name: "Kickstart Cohort",
  cohort_description: "Start this week.",
  language: "en",
  status: "upcoming",
  start_cohort_date: "2026-12-01T00:00:00.000Z",
  end_cohort_date: "2026-12-15T00:00:00.000Z",
  end_postcohort_date: null,
  duration_days: 14,
  participant_cap: 20,
  seats: { paid: 6, held: 2, free: 12 },
  closed_at: null,
  published_at: "2026-11-01T00:00:00.000Z",
};

beforeEach(() => {
  vi.clearAllMocks();
  mocks.requireOperatorPage.mockResolvedValue({ id: "op", email: "op@example.com", role: "authenticated" });
  mocks.countWaiting.mockResolvedValue(new Map());
  mocks.cohortWaitlistPage.mockResolvedValue({ rows: [], next: null });
  mocks.memberTimeZone.mockResolvedValue(null);
  mocks.listCohortAnnouncements.mockResolvedValue([]);
  mocks.cohortProgrammeReport.mockResolvedValue({
    totalDays: 14,
    sends: { rows: [], next: null, after: null },
    next: [],
    botBlocked: [],
    feedback: { count: 0, average: null, rows: [] },
  });
});

describe("/operator/cohorts", () => {
  it("lists each cohort with its seats paid, held and free and its waitlist, linking to its page", async () => {
    mocks.cohortListPage.mockResolvedValue({ rows: [cohort], next: null });
    mocks.countWaiting.mockResolvedValue(new Map([[cohort.id, 3]]));
    render(await OperatorCohortsPage({ searchParams: Promise.resolve({}) }));
    expect(mocks.cohortListPage).toHaveBeenCalledWith(expect.objectContaining({ q: "", after: null }));
    expect(mocks.requireOperatorPage).toHaveBeenCalled();
    expect(mocks.countWaiting).toHaveBeenCalledWith([cohort.id]);
    const row = within(
      screen.getByRole("table", { name: "Cohorts with their seats paid, held and free, and how many wait for a place" }),
    ).getAllByRole("row")[1]!;
    expect(
      within(row)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["Kickstart Cohort", "en", "Upcoming", "Dec 1 – Dec 14", "20", "6", "2", "12", "3"]);
    expect(within(row).getByRole("link", { name: "Kickstart Cohort" }).getAttribute("href")).toBe(`/operator/cohorts/${cohort.id}`);
    expect(screen.getByRole("link", { name: "New cohort" }).getAttribute("href")).toBe("/operator/cohorts/new");
  });

  it("marks a draft as such in the list", async () => {
    mocks.cohortListPage.mockResolvedValue({ rows: [{ ...cohort, published_at: null }], next: null });
    render(await OperatorCohortsPage({ searchParams: Promise.resolve({}) }));
    const row = within(screen.getByRole("table")).getAllByRole("row")[1]!;
    expect(within(row).getAllByRole("cell")[2]!.textContent).toBe("Draft");
  });

  it("says there are no cohorts yet", async () => {
    mocks.cohortListPage.mockResolvedValue({ rows: [], next: null });
    render(await OperatorCohortsPage({ searchParams: Promise.resolve({}) }));
    expect(screen.getByRole("status").textContent).toContain("No cohorts yet");
    expect(screen.queryByRole("navigation", { name: "Cohort pages" })).toBeNull();
  });

  it("links the next page by its cursor and the first page from a later one", async () => {
    const next = ["open 2026-12-01T00:00:00.000000Z", cohort.id] as const;
    mocks.cohortListPage.mockResolvedValue({ rows: [cohort], next });
    const after = JSON.stringify(["open 2027-01-01T00:00:00.000000Z", "11111111-1111-4111-8111-111111111111"]);
    render(await OperatorCohortsPage({ searchParams: Promise.resolve({ after }) }));
    expect(mocks.cohortListPage).toHaveBeenCalledWith(expect.objectContaining({ after: JSON.parse(after) }));
    const pager = screen.getByRole("navigation", { name: "Cohort pages" });
    const href = within(pager).getByRole("link", { name: "Next page" }).getAttribute("href")!;
    expect(JSON.parse(new URL(href, "http://x").searchParams.get("after")!)).toEqual(next);
    expect(within(pager).getByRole("link", { name: "First page" }).getAttribute("href")).toBe("/operator/cohorts?sort=start&dir=desc");
  });

  it("shows nothing to anyone the guard refuses", async () => {
    mocks.requireOperatorPage.mockRejectedValue(new Error("NEXT_NOT_FOUND"));
    await expect(OperatorCohortsPage({ searchParams: Promise.resolve({}) })).rejects.toThrow("NEXT_NOT_FOUND");
    expect(mocks.cohortListPage).not.toHaveBeenCalled();
  });
});

describe("/operator/cohorts/{id}", () => {
  it("answers 404 for an address that is not a cohort id, without reading", async () => {
    await expect(OperatorCohortPage({ params: Promise.resolve({ id: "not-a-uuid" }) })).rejects.toThrow("NEXT_NOT_FOUND");
    expect(mocks.getOperatorCohort).not.toHaveBeenCalled();
  });

  it("shows the seats, the edit form filled in, the participants with their CSV, and the history", async () => {
    mocks.getOperatorCohort.mockResolvedValue(cohort);
    mocks.cohortParticipantList.mockResolvedValue([]);
    mocks.listAuditEntries.mockResolvedValue([]);
    render(await OperatorCohortPage({ params: Promise.resolve({ id: cohort.id }) }));
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Kickstart Cohort");
    expect((screen.getByLabelText("First day (optional)") as HTMLInputElement).value).toBe("2026-12-01");
    // Stored as the day after the last (Dec 15): the operator reads and edits the last day itself.
    expect((screen.getByLabelText("Last day (optional)") as HTMLInputElement).value).toBe("2026-12-14");
    expect(screen.getByText(/Dec 1 – Dec 14 · 14 days/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Duplicate" }).getAttribute("href")).toBe(`/operator/cohorts/new?from=${cohort.id}`);
    expect(screen.queryByRole("button", { name: "Publish" })).toBeNull();
    expect((screen.getByLabelText("Capacity") as HTMLInputElement).value).toBe("20");
    expect(screen.getByRole("button", { name: "Close to new buyers" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Download CSV" }).getAttribute("href")).toBe(
      `/api/operator/cohorts/${cohort.id}/participants.csv`,
    );
    expect(screen.getByText("No participants yet")).toBeTruthy();
    expect(screen.getByText("No changes recorded yet")).toBeTruthy();
    expect(screen.getByText("Nobody is on the waitlist")).toBeTruthy();
    expect(mocks.listAuditEntries).toHaveBeenCalledWith({ limit: 20, subject: { type: "cohort", id: cohort.id } });
  });

  it("offers a draft's Publish action and says it is not for sale", async () => {
    mocks.getOperatorCohort.mockResolvedValue({ ...cohort, published_at: null });
    mocks.cohortParticipantList.mockResolvedValue([]);
    mocks.listAuditEntries.mockResolvedValue([]);
    render(await OperatorCohortPage({ params: Promise.resolve({ id: cohort.id }) }));
    expect(screen.getByRole("button", { name: "Publish" })).toBeTruthy();
    expect(screen.getByText(/^Draft: not for sale\./)).toBeTruthy();
  });

  it("tells the cohort's day as members count it (D19), on the operator's own calendar, UTC until they store a zone", async () => {
    mocks.getOperatorCohort.mockResolvedValue(cohort);
    mocks.cohortParticipantList.mockResolvedValue([]);
    mocks.listAuditEntries.mockResolvedValue([]);
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      // 10:00 on Nov 28 in Los Angeles, 03:00 on Nov 29 in Tokyo, 18:00 on Nov 28 in UTC.
      vi.setSystemTime(new Date("2026-11-28T18:00:00.000Z"));
      const dayLine = async (zone: string | null) => {
        mocks.memberTimeZone.mockResolvedValueOnce(zone);
        const { unmount } = render(await OperatorCohortPage({ params: Promise.resolve({ id: cohort.id }) }));
        const text = screen.getByTestId("operator-cohort-day").textContent;
        unmount();
        return text;
      };
      expect(await dayLine("America/Los_Angeles")).toBe("Today (America/Los_Angeles): Upcoming, Starts in 3 days");
      expect(await dayLine("Asia/Tokyo")).toBe("Today (Asia/Tokyo): Upcoming, Starts in 2 days");
      expect(await dayLine(null)).toBe("Today (UTC): Upcoming, Starts in 3 days");
      expect(mocks.memberTimeZone).toHaveBeenCalledWith("op");
    } finally {
      vi.useRealTimers();
    }
  });

  it("shows the waitlist in queue order with each offer's state and expiry, a page at a time", async () => {
    mocks.getOperatorCohort.mockResolvedValue(cohort);
    mocks.cohortParticipantList.mockResolvedValue([]);
    mocks.listAuditEntries.mockResolvedValue([]);
    const at = (iso: string) => new Date(iso);
    const entry = (position: number, email: string, rest: Record<string, unknown>) => ({
      id: `e${position}`,
      position,
      email,
      joinedAt: at("2026-11-20T10:00:00Z"),
      confirmedAt: at("2026-11-20T10:05:00Z"),
      state: "waiting",
      offeredAt: null,
      offerExpiresAt: null,
      claimedAt: null,
      passedAt: null,
      removedAt: null,
      removedBy: null,
      removedReason: null,
      ...rest,
    });
    mocks.cohortWaitlistPage.mockResolvedValue({
      rows: [
        entry(51, "passed@example.com", {
          state: "passed",
          offeredAt: at("2026-11-21T09:00:00Z"),
          offerExpiresAt: at("2026-11-22T09:00:00Z"),
          passedAt: at("2026-11-22T09:01:00Z"),
        }),
        entry(52, "held@example.com", {
          state: "offered",
          offeredAt: at("2099-11-22T09:01:00Z"),
          offerExpiresAt: at("2099-11-23T09:01:00Z"),
        }),
        entry(53, "waits@example.com", {}),
        entry(54, "gone@example.com", {
          state: "removed",
          removedAt: at("2026-11-23T08:00:00Z"),
          removedBy: "op@example.com",
          removedReason: "Asked to leave.",
        }),
      ],
      next: [53, "e53"],
    });
    render(
      await OperatorCohortPage({ params: Promise.resolve({ id: cohort.id }), searchParams: Promise.resolve({ after: '[50,"e50"]' }) }),
    );
    expect(mocks.cohortWaitlistPage).toHaveBeenCalledWith(cohort.id, [50, "e50"]);
    const rows = within(screen.getByRole("table", { name: "The cohort's waitlist in queue order, with each offer's state" }))
      .getAllByRole("row")
      .slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole("cell")
          .map((c) => c.textContent),
      ),
    ).toEqual([
      [
        "51",
        "passed@example.com",
        "2026-11-20 10:00",
        "2026-11-20 10:05",
        "Lapsed, passed on 2026-11-22 09:01Offered 2026-11-21 09:00 UTC",
        "—",
      ],
      [
        "52",
        "held@example.com",
        "2026-11-20 10:00",
        "2026-11-20 10:05",
        "Offered, held until 2099-11-23 09:01Offered 2099-11-22 09:01 UTC",
        "—",
      ],
      ["53", "waits@example.com", "2026-11-20 10:00", "2026-11-20 10:05", "Waiting", "Remove"],
      ["54", "gone@example.com", "2026-11-20 10:00", "2026-11-20 10:05", "Removed 2026-11-23 08:00By op@example.com: Asked to leave.", "—"],
    ]);
    // Remove asks for the reason first, then posts it and reloads the list.
    const fetch = vi
      .spyOn(globalThis, "fetch")
      .mockResolvedValue(Response.json({ data: { id: "e53", state: "removed", removedAt: "2026-11-29T12:00:00.000Z" } }));
    fireEvent.click(screen.getByRole("button", { name: "Remove waits@example.com from the waitlist" }));
    const form = screen.getByRole("form", { name: "Remove waits@example.com from the waitlist" });
    fireEvent.change(within(form).getByLabelText(/^Reason/), { target: { value: " Asked by phone. " } });
    fireEvent.click(within(form).getByRole("button", { name: "Remove entry" }));
    await waitFor(() =>
      expect(fetch).toHaveBeenCalledWith(
        "/api/operator/waitlist/e53/removal",
        expect.objectContaining({ body: JSON.stringify({ reason: "Asked by phone." }) }),
      ),
    );
    const pages = screen.getByRole("navigation", { name: "Waitlist pages" });
    expect(within(pages).getByRole("link", { name: "Next page" }).getAttribute("href")).toBe(
      `/operator/cohorts/${cohort.id}?sort=position&dir=asc&after=${encodeURIComponent('[53,"e53"]')}`,
    );
  });
});

describe("/operator/audit", () => {
  it("reads the page after ?after's entry, links to the next one, the first, and the CSV", async () => {
    mocks.auditLogPage.mockResolvedValue({ rows: [], next: [null, "41"] });
    render(await OperatorAuditPage({ searchParams: Promise.resolve({ after: '[null,"91"]' }) }));
    expect(mocks.auditLogPage).toHaveBeenCalledWith([null, "91"], { action: null, actor: null, subjectType: null, subjectId: null });
    expect(screen.getByRole("link", { name: "Next page" }).getAttribute("href")).toBe(
      `/operator/audit?sort=when&dir=desc&after=${encodeURIComponent('[null,"41"]')}`,
    );
    expect(screen.getByRole("link", { name: "First page" }).getAttribute("href")).toBe("/operator/audit?sort=when&dir=desc");
    expect(screen.getByRole("link", { name: "Download CSV" }).getAttribute("href")).toBe("/api/operator/audit.csv");
  });

  it("reads a cursor that is not a cursor as the first page", async () => {
    mocks.auditLogPage.mockResolvedValue({ rows: [], next: null });
    render(await OperatorAuditPage({ searchParams: Promise.resolve({ after: "1; drop table" }) }));
    expect(mocks.auditLogPage).toHaveBeenCalledWith(null, { action: null, actor: null, subjectType: null, subjectId: null });
    expect(screen.queryByRole("link", { name: "Next page" })).toBeNull();
  });

  it("keeps the filter in the pager's links, and says which values it did not apply", async () => {
    mocks.auditLogPage.mockResolvedValue({ rows: [], next: [null, "41"] });
    const searchParams = { action: "order.refund", actor: "ada@x.com", subject_type: "planet", after: '[null,"91"]' };
    render(await OperatorAuditPage({ searchParams: Promise.resolve(searchParams) }));
    expect(mocks.auditLogPage).toHaveBeenCalledWith([null, "91"], {
      action: "order.refund",
      actor: "ada@x.com",
      subjectType: null,
      subjectId: null,
    });
    const next = new URL(screen.getByRole("link", { name: "Next page" }).getAttribute("href")!, "http://x");
    expect(next.pathname).toBe("/operator/audit");
    expect(Object.fromEntries(next.searchParams)).toEqual({
      action: "order.refund",
      actor: "ada@x.com",
      sort: "when",
      dir: "desc",
      after: '[null,"41"]',
    });
    expect(screen.getByRole("link", { name: "First page" }).getAttribute("href")).toBe(
      "/operator/audit?action=order.refund&actor=ada%40x.com&sort=when&dir=desc",
    );
    expect(screen.getByText(/^Not applied, as the log holds no such value/).textContent).toContain(": subject type.");
    expect(screen.getByText("No entries match the filter")).toBeTruthy();
  });
});
