import { beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { ContactMessageRow, ModerationStory, PartnerPledgeRow } from "@/lib/operator/campaign-lists";
import { listHref } from "@/lib/operator/list-query";
import { emptyTierCounts, pledgeDaySeries, type PledgeCounts } from "@/lib/operator/pledge-counts";

// The operator area's Campaign section, rendered with its data reads stubbed: each page
// asks the guard first, then shows its counts or list with their filters and pages; the buttons post
// to their routes and say a refusal in place.
const mocks = vi.hoisted(() => ({
  requireOperatorPage: vi.fn(),
  pledgeCounts: vi.fn(),
  partnerPledgePage: vi.fn(),
  contactMessagePage: vi.fn(),
  storyModerationPage: vi.fn(),
  router: { push: vi.fn(), refresh: vi.fn() },
  toast: { success: vi.fn(), error: vi.fn() },
}));
vi.mock("@/server/operator/operator-page", () => ({ requireOperatorPage: mocks.requireOperatorPage }));
vi.mock("@/server/operator/pledge-counts", () => ({ pledgeCounts: mocks.pledgeCounts }));
vi.mock("@/server/operator/campaign-inbox", () => ({
  partnerPledgePage: mocks.partnerPledgePage,
  contactMessagePage: mocks.contactMessagePage,
}));
vi.mock("@/server/operator/story-moderation", () => ({ storyModerationPage: mocks.storyModerationPage }));
vi.mock("next/navigation", () => ({ useRouter: () => mocks.router, notFound: vi.fn() }));
vi.mock("@/components/ui/sonner", () => ({ toast: mocks.toast }));

import OperatorCampaignPage from "@/app/operator/campaign/page";
import OperatorContactMessagesPage from "@/app/operator/campaign/messages/page";
import OperatorPartnerPledgesPage from "@/app/operator/campaign/partners/page";
import OperatorStoriesPage from "@/app/operator/campaign/stories/page";

const ID = "5f1c2d3e-4a5b-4c6d-8e7f-8091a2b3c4d5";
const CURSOR = ["2026-11-29T10:00:00.123456Z", ID] as const;
const search = (params: Record<string, string> = {}) => ({ searchParams: Promise.resolve(params) });

const partner: PartnerPledgeRow = {
  id: ID,
  receivedAt: "2026-11-29T10:04:05.000Z",
  name: "Grace Hopper",
  email: "grace@clinic.example",
  orgName: "Harbor Clinic",
  orgType: "healthcare",
  region: "europe",
  handled: null,
  cursor: [...CURSOR],
};

const message: ContactMessageRow = {
  id: ID,
  receivedAt: "2026-11-29T11:00:00.000Z",
  name: "Ada Lovelace",
  email: "ada@example.com",
  orgName: null,
  message: "Can our school join?\nWe have 400 pupils.",
  handled: { at: "2026-11-29T12:30:00.000Z", by: "op@example.com" },
  cursor: [...CURSOR],
};

const story: ModerationStory = {
  id: ID,
  voiceNumber: 42,
  receivedAt: "2026-11-29T09:00:00.000Z",
  format: "video",
  topic: "CGM Surprise",
  content: "",
  source: "story_wizard",
  contactEmail: null,
  hasVideo: true,
  status: "pending",
  review: null,
  outreach: null,
  cursor: [...CURSOR],
};

beforeEach(() => {
  vi.clearAllMocks();
  vi.restoreAllMocks();
  mocks.requireOperatorPage.mockResolvedValue({ id: "op", email: "op@example.com", role: "authenticated" });
});

describe("/operator/campaign", () => {
  const counts = (days: 30 | 90): PledgeCounts => {
    const range = { from: days === 30 ? "2026-10-31" : "2026-09-01", to: "2026-11-29" };
    const series = pledgeDaySeries(
      [
        { day: "2026-11-29", tier: "gold", pledges: 3 },
        { day: "2026-11-28", tier: "other", pledges: 1200 },
      ],
      range,
    );
    return {
      days,
      ...range,
      series,
      range: { gold: 3, silver: 0, bronze: 0, other: 1200, total: 1203 },
      allTime: { ...emptyTierCounts(), gold: 100, silver: 900, bronze: 9000, other: 5000, total: 15000 },
    };
  };

  it("shows every pledge by badge and the last 30 days per UTC day and tier, newest first", async () => {
    mocks.pledgeCounts.mockResolvedValue(counts(30));
    render(await OperatorCampaignPage(search()));
    expect(mocks.pledgeCounts).toHaveBeenCalledWith(30);
    const totals = within(screen.getByLabelText("Every confirmed pledge by badge"));
    expect(totals.getAllByRole("definition").map((d) => d.textContent)).toEqual(["100", "900", "9,000", "5,000", "15,000"]);
    expect(totals.getAllByRole("term").map((t) => t.textContent)).toEqual([
      "Founding 100",
      "Pioneer 1K",
      "Trailblazer 10K",
      "Pledge Taker",
      "All tiers",
    ]);
    const table = screen.getByRole("table", { name: "Pledges per UTC day and tier, 2026-10-31 to 2026-11-29, newest first" });
    const rows = within(table).getAllByRole("row");
    expect(rows).toHaveLength(31);
    expect(
      within(rows[1]!)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["2026-11-29", "3", "0", "0", "0", "3"]);
    expect(
      within(rows[2]!)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["2026-11-28", "0", "0", "0", "1,200", "1,200"]);
    expect(screen.getByRole("link", { name: "Last 30 days" }).getAttribute("aria-current")).toBe("page");
    expect(screen.getByRole("link", { name: "Last 90 days" }).getAttribute("href")).toBe("/operator/campaign?days=90");
    expect(
      within(screen.getByRole("navigation", { name: "Campaign sections" }))
        .getByRole("link", { name: "Pledges" })
        .getAttribute("aria-current"),
    ).toBe("page");
  });

  it("shows 90 days when asked", async () => {
    mocks.pledgeCounts.mockResolvedValue(counts(90));
    render(await OperatorCampaignPage(search({ days: "90" })));
    expect(mocks.pledgeCounts).toHaveBeenCalledWith(90);
    expect(screen.getByRole("heading", { name: "Pledges per day, last 90 days" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Last 90 days" }).getAttribute("aria-current")).toBe("page");
  });

  it("shows nothing to anyone the guard refuses", async () => {
    mocks.requireOperatorPage.mockRejectedValue(new Error("NEXT_NOT_FOUND"));
    for (const page of [OperatorCampaignPage, OperatorStoriesPage, OperatorPartnerPledgesPage, OperatorContactMessagesPage]) {
      await expect(page(search())).rejects.toThrow("NEXT_NOT_FOUND");
    }
    expect(mocks.pledgeCounts).not.toHaveBeenCalled();
    expect(mocks.storyModerationPage).not.toHaveBeenCalled();
    expect(mocks.partnerPledgePage).not.toHaveBeenCalled();
    expect(mocks.contactMessagePage).not.toHaveBeenCalled();
  });
});

describe("/operator/campaign/partners and /messages", () => {
  it("list partner pledges newest first, all by default, with Mark handled and the next page keeping the filter", async () => {
    mocks.partnerPledgePage.mockResolvedValue({ rows: [partner], next: [...CURSOR] });
    render(await OperatorPartnerPledgesPage(search({ show: "unhandled" })));
    expect(mocks.partnerPledgePage).toHaveBeenCalledWith("unhandled", null);
    const row = within(screen.getByRole("table", { name: "Partner pledges, newest first" })).getAllByRole("row")[1]!;
    expect(
      within(row)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual([
      "2026-11-29 10:04",
      "Grace Hopper",
      "grace@clinic.example",
      "Harbor ClinicHealthcare · Europe",
      "Not handled",
      "Mark handled",
    ]);
    const filters = within(screen.getByRole("navigation", { name: "Partner pledges shown" }));
    expect(filters.getByRole("link", { name: "Not handled" }).getAttribute("aria-current")).toBe("page");
    expect(filters.getByRole("link", { name: "All" }).getAttribute("href")).toBe("/operator/campaign/partners");
    expect(filters.getByRole("link", { name: "Handled" }).getAttribute("href")).toBe("/operator/campaign/partners?show=handled");
    expect(screen.getByRole("link", { name: "Next page" }).getAttribute("href")).toBe(
      listHref("/operator/campaign/partners?show=unhandled", { sort: "received", dir: "desc", after: [...CURSOR] }),
    );
    expect(screen.getByRole("link", { name: "Next page" }).getAttribute("href")).toMatch(
      /^\/operator\/campaign\/partners\?show=unhandled&sort=received&dir=desc&after=/,
    );
  });

  it("reads a mistyped filter as All and a hostile cursor as the first page", async () => {
    mocks.partnerPledgePage.mockResolvedValue({ rows: [], next: null });
    render(await OperatorPartnerPledgesPage(search({ show: "'; drop", after: "{oops" })));
    expect(mocks.partnerPledgePage).toHaveBeenCalledWith("all", null);
    expect(screen.getByRole("status").textContent).toContain("No partner pledges yet");
  });

  it("Mark handled posts to its route, reloads the list and offers Undo, which marks it not handled", async () => {
    const fetch = vi.spyOn(globalThis, "fetch").mockImplementation(async (_input, init) => {
      const handled = (JSON.parse(String(init?.body)) as { handled: boolean }).handled;
      return Response.json({ data: { id: ID, handled, handledAt: handled ? "2026-11-29T12:00:00.000Z" : null, changed: true } });
    });
    mocks.partnerPledgePage.mockResolvedValue({ rows: [partner], next: null });
    render(await OperatorPartnerPledgesPage(search()));
    fireEvent.click(screen.getByRole("button", { name: "Mark handled" }));
    await waitFor(() => expect(mocks.router.refresh).toHaveBeenCalledTimes(1));
    expect(fetch).toHaveBeenCalledWith(
      `/api/operator/campaign/partners/${ID}/handled`,
      expect.objectContaining({ method: "POST", body: JSON.stringify({ handled: true }) }),
    );
    const [text, options] = mocks.toast.success.mock.calls[0]! as [string, { action: { label: string; onClick: () => void } }];
    expect(text).toBe("Marked handled.");
    expect(options.action.label).toBe("Undo");
    options.action.onClick();
    await waitFor(() => expect(mocks.router.refresh).toHaveBeenCalledTimes(2));
    expect(fetch).toHaveBeenLastCalledWith(
      `/api/operator/campaign/partners/${ID}/handled`,
      expect.objectContaining({ body: JSON.stringify({ handled: false }) }),
    );
  });

  it("list contact messages with their words and who handled them, and Mark not handled undoes it", async () => {
    const fetch = vi
      .spyOn(globalThis, "fetch")
      .mockResolvedValue(Response.json({ data: { id: ID, handled: false, handledAt: null, changed: true } }));
    mocks.contactMessagePage.mockResolvedValue({ rows: [message], next: null });
    render(await OperatorContactMessagesPage(search()));
    const row = within(screen.getByRole("table", { name: "Contact messages, newest first" })).getAllByRole("row")[1]!;
    expect(within(row).getByText(/Can our school join\?/).textContent).toBe("Can our school join?\nWe have 400 pupils.");
    expect(within(row).getByText("2026-11-29 12:30 by op@example.com")).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Next page" })).toBeNull();
    fireEvent.click(within(row).getByRole("button", { name: "Mark not handled" }));
    await waitFor(() => expect(mocks.router.refresh).toHaveBeenCalled());
    expect(fetch).toHaveBeenCalledWith(
      `/api/operator/campaign/messages/${ID}/handled`,
      expect.objectContaining({ body: JSON.stringify({ handled: false }) }),
    );
  });

  it("say a refusal in place, reloading nothing", async () => {
    vi.spyOn(globalThis, "fetch").mockResolvedValue(
      Response.json({ error: "This contact message does not exist.", code: "not_found" }, { status: 404 }),
    );
    mocks.contactMessagePage.mockResolvedValue({ rows: [{ ...message, handled: null }], next: null });
    render(await OperatorContactMessagesPage(search()));
    fireEvent.click(screen.getByRole("button", { name: "Mark handled" }));
    expect((await screen.findByText("This contact message does not exist.")).getAttribute("role")).toBe("alert");
    expect(mocks.router.refresh).not.toHaveBeenCalled();
  });
});

describe("/operator/campaign/stories", () => {
  it("opens on the pending stories, each with its video playable through the area's route", async () => {
    mocks.storyModerationPage.mockResolvedValue({ rows: [story], next: null });
    render(await OperatorStoriesPage(search()));
    expect(mocks.storyModerationPage).toHaveBeenCalledWith("pending", null);
    const filters = within(screen.getByRole("navigation", { name: "Stories shown" }));
    expect(filters.getAllByRole("link").map((l) => l.textContent)).toEqual(["Pending", "Approved", "Rejected"]);
    expect(filters.getByRole("link", { name: "Pending" }).getAttribute("aria-current")).toBe("page");
    const table = screen.getByRole("table", { name: "Pending stories, newest first" });
    const video = table.querySelector("video")!;
    expect(video.getAttribute("src")).toBe(`/api/operator/campaign/stories/${ID}/video`);
    expect(video.hasAttribute("controls")).toBe(true);
    expect(video.getAttribute("aria-label")).toBe("Video of story #42");
    expect(within(table).getByText("Story wizard (/million-glucose-campaign)")).toBeTruthy();
    expect(within(table).getByRole("button", { name: "Approve story #42" })).toBeTruthy();
    expect(within(table).getByRole("button", { name: "Reject story #42" })).toBeTruthy();
  });

  it("Approve posts the decision and reloads the list", async () => {
    const fetch = vi.spyOn(globalThis, "fetch").mockResolvedValue(
      Response.json({
        data: {
          id: ID,
          voiceNumber: 42,
          status: "approved",
          reviewedAt: "2026-11-29T12:00:00.000Z",
          rejectionReason: null,
          changed: true,
        },
      }),
    );
    mocks.storyModerationPage.mockResolvedValue({
      rows: [{ ...story, format: "text", content: "A walk halves my spike.", hasVideo: false }],
      next: null,
    });
    render(await OperatorStoriesPage(search()));
    expect(screen.getByText("A walk halves my spike.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Approve story #42" }));
    await waitFor(() => expect(mocks.router.refresh).toHaveBeenCalled());
    expect(fetch).toHaveBeenCalledWith(
      `/api/operator/campaign/stories/${ID}/status`,
      expect.objectContaining({ body: JSON.stringify({ status: "approved" }) }),
    );
    expect(mocks.toast.success).toHaveBeenCalledWith("Approved story #42: it is shown on /magic.");
  });

  it("Reject asks for an optional reason, sends it trimmed, and shows the server's word on it", async () => {
    const fetch = vi
      .spyOn(globalThis, "fetch")
      .mockResolvedValueOnce(
        Response.json(
          {
            error: "The request body is not valid.",
            code: "validation_failed",
            details: [{ path: "reason", message: "Keep the reason under 500 characters." }],
          },
          { status: 422 },
        ),
      )
      .mockResolvedValueOnce(
        Response.json({
          data: {
            id: ID,
            voiceNumber: 42,
            status: "rejected",
            reviewedAt: "2026-11-29T12:00:00.000Z",
            rejectionReason: "Off topic",
            changed: true,
          },
        }),
      );
    mocks.storyModerationPage.mockResolvedValue({
      rows: [{ ...story, status: "approved", review: { at: "2026-11-28T10:00:00.000Z", by: "op@example.com", reason: null } }],
      next: null,
    });
    render(await OperatorStoriesPage(search({ show: "approved" })));
    expect(mocks.storyModerationPage).toHaveBeenCalledWith("approved", null);
    expect(screen.queryByRole("button", { name: /^Approve/ })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Reject story #42" }));
    const form = screen.getByRole("form", { name: "Reject story #42" });
    fireEvent.change(within(form).getByLabelText("Reason (optional, for the team)"), { target: { value: "  Off topic  " } });
    fireEvent.click(within(form).getByRole("button", { name: "Reject story" }));
    expect(await within(form).findByText("Keep the reason under 500 characters.")).toBeTruthy();
    fireEvent.click(within(form).getByRole("button", { name: "Reject story" }));
    await waitFor(() => expect(mocks.router.refresh).toHaveBeenCalled());
    expect(fetch).toHaveBeenLastCalledWith(
      `/api/operator/campaign/stories/${ID}/status`,
      expect.objectContaining({ body: JSON.stringify({ status: "rejected", reason: "Off topic" }) }),
    );
  });

  it("offers no Approve for a request to be reached, which has nothing to show yet", async () => {
    mocks.storyModerationPage.mockResolvedValue({
      rows: [{ ...story, source: "magic_form", hasVideo: false, contactEmail: "noor@example.com" }],
      next: null,
    });
    render(await OperatorStoriesPage(search()));
    expect(screen.queryByRole("button", { name: /^Approve/ })).toBeNull();
    expect(screen.getByText("Not recorded yet: the team reaches out to record it.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "noor@example.com" }).getAttribute("href")).toBe("mailto:noor@example.com");
    expect(screen.getByRole("button", { name: "Reject story #42" })).toBeTruthy();
  });

  it("moves a request to be reached through Reached out and Recorded, each shown with when and by whom", async () => {
    const request = { ...story, source: "magic_form" as const, hasVideo: false, contactEmail: "noor@example.com" };
    const fetch = vi
      .spyOn(globalThis, "fetch")
      .mockResolvedValue(
        Response.json({ data: { id: ID, outreach: "reached_out", outreachAt: "2026-11-29T12:00:00.000Z", changed: true } }),
      );
    mocks.storyModerationPage.mockResolvedValue({ rows: [request], next: null });
    const { unmount } = render(await OperatorStoriesPage(search()));
    expect(screen.getByText("Not reached out yet")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /^Mark recorded/ })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Mark reached out: story #42" }));
    await waitFor(() => expect(mocks.router.refresh).toHaveBeenCalled());
    expect(fetch).toHaveBeenCalledWith(
      `/api/operator/campaign/stories/${ID}/outreach`,
      expect.objectContaining({ body: JSON.stringify({ outreach: "reached_out" }) }),
    );
    expect(mocks.toast.success).toHaveBeenCalledWith("Story #42 marked reached out.");
    unmount();

    mocks.storyModerationPage.mockResolvedValue({
      rows: [{ ...request, outreach: { state: "reached_out", at: "2026-11-29T12:00:00.000Z", by: "op@example.com" } }],
      next: null,
    });
    const { unmount: unmountSecond } = render(await OperatorStoriesPage(search()));
    expect(screen.getByText(/^Reached out .* by op@example.com$/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Mark recorded: story #42" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Clear the outreach mark of story #42" })).toBeTruthy();
    unmountSecond();

    mocks.storyModerationPage.mockResolvedValue({
      rows: [{ ...request, outreach: { state: "recorded", at: "2026-11-30T08:00:00.000Z", by: null } }],
      next: null,
    });
    render(await OperatorStoriesPage(search()));
    expect(screen.getByText(/^Recorded /)).toBeTruthy();
    expect(screen.queryByRole("button", { name: /^Mark / })).toBeNull();
  });

  it("offers no outreach step for a story that was sent with its words or recording", async () => {
    mocks.storyModerationPage.mockResolvedValue({ rows: [story], next: null });
    render(await OperatorStoriesPage(search()));
    expect(screen.queryByRole("button", { name: /^Mark reached out/ })).toBeNull();
    expect(screen.queryByText("Not reached out yet")).toBeNull();
  });

  it("says so when no story waits", async () => {
    mocks.storyModerationPage.mockResolvedValue({ rows: [], next: null });
    render(await OperatorStoriesPage(search({ show: "rejected" })));
    expect(screen.getByRole("status").textContent).toContain("No story is rejected");
  });
});
