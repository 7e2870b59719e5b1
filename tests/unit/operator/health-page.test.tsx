import { beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { HealthOverview } from "@/lib/operator/health";

// The operator area's Health page, rendered with its data read stubbed: it asks the guard first,
// then shows the queues, failed jobs, unsent emails and disagreeing orders with their repairs (or
// says there are none); a repair button posts to its route and says a refusal in place.
const mocks = vi.hoisted(() => ({
  requireOperatorPage: vi.fn(),
  healthOverview: vi.fn(),
  router: { push: vi.fn(), refresh: vi.fn() },
  toast: { success: vi.fn(), error: vi.fn() },
}));
vi.mock("@/server/operator/operator-page", () => ({ requireOperatorPage: mocks.requireOperatorPage }));
vi.mock("@/server/operator/health-overview", () => ({ healthOverview: mocks.healthOverview }));
vi.mock("next/navigation", () => ({ useRouter: () => mocks.router, notFound: vi.fn() }));
vi.mock("@/components/ui/sonner", () => ({ toast: mocks.toast }));

import OperatorHealthPage from "@/app/operator/health/page";

const JOB = "5f1c2d3e-4a5b-4c6d-8e7f-8091a2b3c4d5";
const EMAIL = "6a1c2d3e-4a5b-4c6d-8e7f-8091a2b3c4d6";
const WAITING_EMAIL = "7b1c2d3e-4a5b-4c6d-8e7f-8091a2b3c4d7";
const ORDER = "8c1c2d3e-4a5b-4c6d-8e7f-8091a2b3c4d8";
// The shared keyset cursor (lib/paging/keyset-cursor.ts): the last row's time to the microsecond and its id.
const CURSOR = ["2026-11-29T10:00:00.123456Z", JOB] as const;
const CURSOR_TEXT = `["2026-11-29T10:00:00.123456Z","${JOB}"]`;

const empty: HealthOverview = {
  heartbeatAgeSeconds: 12,
  queues: [
    { queue: "send-email", waiting: 0, retrying: 0, running: 0, failed: 0 },
    { queue: "stripe-event", waiting: 0, retrying: 0, running: 0, failed: 0 },
  ],
  needsAttention: [],
  needsAttentionCount: 0,
  failedJobs: [],
  olderFailedJobs: null,
  emails: [],
  emailCounts: { queued: 0, failed: 0 },
  olderEmails: null,
  owedWork: {
    kinds: [
      { direction: "out", channel: "email", queued: 0, failed: 0, oldestQueuedSeconds: null },
      { direction: "out", channel: "telegram", queued: 0, failed: 0, oldestQueuedSeconds: null },
      { direction: "in", channel: "stripe", queued: 0, failed: 0, oldestQueuedSeconds: null },
      { direction: "in", channel: "telegram", queued: 0, failed: 0, oldestQueuedSeconds: null },
    ],
    failed: [],
    moreFailed: false,
  },
  orders: [],
  moreOrders: false,
};

const full: HealthOverview = {
  ...empty,
  queues: [
    { queue: "send-email", waiting: 3, retrying: 2, running: 1, failed: 1 },
    { queue: "stripe-event", waiting: 0, retrying: 0, running: 0, failed: 0 },
  ],
  failedJobs: [
    {
      id: JOB,
      queue: "send-email",
      failedAt: new Date("2026-11-29T10:00:00.123Z"),
      attempts: 13,
      error: "Connection closed unexpectedly",
      email: { kind: "payment-confirmation", recipient: "buyer@example.com" },
      about: null,
    },
  ],
  olderFailedJobs: CURSOR,
  emails: [
    {
      id: EMAIL,
      kind: "payment-confirmation",
      recipient: "buyer@example.com",
      status: "failed",
      attempts: 13,
      lastError: "Error: Connection closed unexpectedly",
      createdAt: new Date("2026-11-26T09:00:00Z"),
      lastAttemptAt: new Date("2026-11-29T10:00:00Z"),
      job: { id: JOB, state: "failed" },
      canResend: true,
    },
    {
      id: WAITING_EMAIL,
      kind: "newsletter-welcome",
      recipient: "reader@example.com",
      status: "queued",
      attempts: 2,
      lastError: "Error: Greeting never received",
      createdAt: new Date("2026-11-29T09:58:00Z"),
      lastAttemptAt: new Date("2026-11-29T09:59:00Z"),
      job: { id: "9d1c2d3e-4a5b-4c6d-8e7f-8091a2b3c4d9", state: "retry" },
      canResend: false,
    },
  ],
  emailCounts: { queued: 1, failed: 1 },
  owedWork: {
    kinds: [
      { direction: "out", channel: "email", queued: 1, failed: 1, oldestQueuedSeconds: 95 },
      { direction: "out", channel: "telegram", queued: 2, failed: 1, oldestQueuedSeconds: 3_900 },
      { direction: "in", channel: "stripe", queued: 1, failed: 0, oldestQueuedSeconds: 20_000 },
      { direction: "in", channel: "telegram", queued: 0, failed: 0, oldestQueuedSeconds: null },
    ],
    failed: [
      {
        direction: "out",
        channel: "telegram",
        key: "4d1c2d3e-4a5b-4c6d-8e7f-8091a2b3c4d4",
        about: "chat 42",
        attempts: 1,
        lastError: "Forbidden: bot was blocked by the user",
        createdAt: new Date("2026-11-29T09:00:00Z"),
        finishedAt: new Date("2026-11-29T09:00:05Z"),
      },
    ],
    moreFailed: false,
  },
  orders: [
    {
      id: ORDER,
      email: "late@example.com",
      status: "pending",
      planName: "Popular",
      totalCents: 16092,
      currency: "usd",
      since: new Date("2026-11-29T08:00:00Z"),
      problem: "pending_too_long",
    },
  ],
};

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole("cell")
    .map((cell) => cell.textContent);
const rowsOf = (name: string) => within(screen.getByRole("table", { name })).getAllByRole("row").slice(1);
const page = (searchParams: Record<string, string> = {}) => OperatorHealthPage({ searchParams: Promise.resolve(searchParams) });

beforeEach(() => {
  vi.restoreAllMocks();
  vi.clearAllMocks();
  mocks.requireOperatorPage.mockResolvedValue({ id: "op", email: "op@example.com", role: "authenticated" });
});

describe("/operator/health", () => {
  it("shows each queue's jobs waiting, retrying, running and failed", async () => {
    mocks.healthOverview.mockResolvedValue(full);
    render(await page());
    expect(mocks.requireOperatorPage).toHaveBeenCalled();
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Health");
    expect(rowsOf("Job queues: jobs waiting, waiting for a retry, running and failed").map(cells)).toEqual([
      ["send-email", "3", "2", "1", "1"],
      ["stripe-event", "0", "0", "0", "0"],
    ]);
  });

  it("says the job workers run while their heartbeat is fresh, and alerts when it is stale or missing", async () => {
    mocks.healthOverview.mockResolvedValue(full);
    const { unmount } = render(await page());
    expect(screen.getByText("The job workers are running: their last heartbeat was 12 s ago.")).toBeTruthy();
    expect(screen.queryByText(/not running/)).toBeNull();
    unmount();

    mocks.healthOverview.mockResolvedValue({ ...full, heartbeatAgeSeconds: 240 });
    const stale = render(await page());
    const alert = screen.getByText(/^The job workers are not running/);
    expect(alert.getAttribute("role")).toBe("alert");
    expect(alert.textContent).toBe(
      "The job workers are not running: their last heartbeat was 4 min ago (more than 3 minutes). Emails, webhooks and scheduled work wait in their queues until a worker runs.",
    );
    stale.unmount();

    mocks.healthOverview.mockResolvedValue({ ...full, heartbeatAgeSeconds: null });
    render(await page());
    expect(screen.getByText(/^The job workers are not running/).textContent).toMatch(
      /^The job workers are not running: no heartbeat was ever recorded \(more than 3 minutes\)\./,
    );
  });

  it("lists a job that keeps failing while it is still retried, with its queue, attempts, last error and id, and alerts", async () => {
    const STRIPE_JOB = "3e1c2d3e-4a5b-4c6d-8e7f-8091a2b3c4d3";
    mocks.healthOverview.mockResolvedValue({
      ...full,
      needsAttention: [
        {
          id: STRIPE_JOB,
          queue: "stripe-event",
          state: "retry",
          failedAttempts: 3,
          error: "TypeError: Cannot read properties of undefined (reading 'id')",
          nextAttemptAt: new Date("2026-11-29T10:04:00Z"),
          email: null,
          about: "eventId: evt_123",
        },
        {
          id: JOB,
          queue: "send-email",
          state: "active",
          failedAttempts: 4,
          error: "Connection closed",
          nextAttemptAt: null,
          email: { kind: "newsletter-welcome", recipient: "reader@example.com" },
          about: null,
        },
      ],
      needsAttentionCount: 2,
    });
    render(await page());
    expect(screen.getByText("2 jobs need attention.").getAttribute("role")).toBe("alert");
    expect(rowsOf("Jobs that need attention, most failed first").map(cells)).toEqual([
      [
        "stripe-event",
        "eventId: evt_123",
        "3",
        "TypeError: Cannot read properties of undefined (reading 'id')",
        "2026-11-29 10:04:00",
        STRIPE_JOB,
      ],
      ["send-email", "newsletter-welcome to reader@example.com", "4", "Connection closed", "Running now", JOB],
    ]);
  });

  it("says no job needs attention when none does, and raises no alert", async () => {
    mocks.healthOverview.mockResolvedValue(full);
    render(await page());
    expect(screen.getByText("No job needs attention")).toBeTruthy();
    expect(screen.queryByText(/jobs? needs? attention\./)).toBeNull();
  });

  it("lists a failed job with its email, attempts and last error, and a Retry", async () => {
    mocks.healthOverview.mockResolvedValue(full);
    render(await page());
    const [row] = rowsOf("Failed jobs, newest first");
    expect(cells(row!)).toEqual([
      "2026-11-29 10:00:00",
      "send-email",
      "payment-confirmation to buyer@example.com",
      "13",
      "Connection closed unexpectedly",
      "Retry",
    ]);
    expect(within(row!).getByRole("button", { name: "Retry" })).toBeTruthy();
    const failedAt = within(screen.getByRole("table", { name: "Failed jobs, newest first" })).getByRole("columnheader", {
      name: "Failed (UTC)",
    });
    expect(failedAt.getAttribute("aria-sort")).toBe("descending");
  });

  it("lists the emails not sent with their state; only one no job will try again can be sent again", async () => {
    mocks.healthOverview.mockResolvedValue(full);
    render(await page());
    const [givenUp, waiting] = rowsOf("Emails not sent, newest first");
    expect(cells(givenUp!)).toEqual([
      "2026-11-26 09:00:00",
      "payment-confirmation",
      "buyer@example.com",
      "13",
      "Error: Connection closed unexpectedly",
      "Given up",
      "Send again",
    ]);
    expect(cells(waiting!)).toEqual([
      "2026-11-29 09:58:00",
      "newsletter-welcome",
      "reader@example.com",
      "2",
      "Error: Greeting never received",
      "Waiting for its next try",
      "—",
    ]);
    expect(screen.getByText("1 queued or being retried, 1 given up on.")).toBeTruthy();
  });

  it("shows every kind of work we owe with what is queued, failed and how long the oldest queued has waited", async () => {
    mocks.healthOverview.mockResolvedValue(full);
    render(await page());
    expect(rowsOf("Work we owe: queued, failed and the oldest queued, per kind").map(cells)).toEqual([
      ["Emails out", "1", "1", "95 s"],
      ["Telegram messages out", "2", "1", "65 min"],
      ["Stripe events in", "1", "0", "5 h"],
      ["Telegram updates in", "0", "0", "—"],
    ]);
  });

  it("lists work given up on with its kind, error and key, and says when more is given up on than shown", async () => {
    mocks.healthOverview.mockResolvedValue(full);
    const { unmount } = render(await page());
    expect(rowsOf("Work given up on, newest first").map(cells)).toEqual([
      [
        "2026-11-29 09:00:00",
        "Telegram messages out",
        "chat 42",
        "1",
        "Forbidden: bot was blocked by the user",
        "2026-11-29 09:00:05",
        "4d1c2d3e-4a5b-4c6d-8e7f-8091a2b3c4d4",
      ],
    ]);
    expect(screen.queryByText(/More work was given up on/)).toBeNull();
    unmount();

    mocks.healthOverview.mockResolvedValue({ ...full, owedWork: { ...full.owedWork, moreFailed: true } });
    render(await page());
    expect(screen.getByText("More work was given up on than is shown: the 25 newest are listed.")).toBeTruthy();
  });

  it("lists an order that disagrees with Stripe with why and Check with Stripe now, and offers the whole reconciliation", async () => {
    mocks.healthOverview.mockResolvedValue(full);
    render(await page());
    const [row] = rowsOf("Orders whose state disagrees with Stripe, longest-standing first");
    expect(cells(row!)).toEqual([
      ORDER,
      "late@example.com",
      "Popular",
      "$160.92",
      "pending",
      "2026-11-29 08:00:00",
      "Still pending 45 minutes after its checkout opened: Stripe has expired it or taken its payment.",
      "Check with Stripe now",
    ]);
    expect(screen.getByRole("button", { name: "Run the reconciliation now" })).toBeTruthy();
    expect(screen.queryByText(/More orders disagree than are shown/)).toBeNull();
  });

  it("says when more orders disagree than are shown", async () => {
    mocks.healthOverview.mockResolvedValue({ ...full, moreOrders: true });
    render(await page());
    expect(screen.getByText("More orders disagree than are shown: the 25 longest-standing of each kind are listed.")).toBeTruthy();
  });

  it("pages each list by its own cursor, keeping the other list's page", async () => {
    mocks.healthOverview.mockResolvedValue({ ...full, olderEmails: CURSOR });
    render(await page({ emails: CURSOR_TEXT }));
    expect(mocks.healthOverview).toHaveBeenCalledWith({ jobsAfter: null, emailsAfter: CURSOR });
    expect(screen.getByRole("link", { name: "Older failed jobs" }).getAttribute("href")).toBe(
      `/operator/health?jobs=${encodeURIComponent(CURSOR_TEXT)}&emails=${encodeURIComponent(CURSOR_TEXT)}`,
    );
    expect(screen.getByRole("link", { name: "Older emails" }).getAttribute("href")).toBe(
      `/operator/health?emails=${encodeURIComponent(CURSOR_TEXT)}`,
    );
    expect(screen.getByRole("link", { name: "Newest emails" }).getAttribute("href")).toBe("/operator/health");
    expect(screen.queryByRole("link", { name: "Newest failed jobs" })).toBeNull();
  });

  it.each([
    ["text that is no cursor", "1; drop table pgboss.job", `${CURSOR_TEXT}x`],
    ["the time and id joined by an underscore", `2026-11-29T10:00:00.123456Z_${JOB}`, `2026-11-29T10:00:00.123456Z_${EMAIL}`],
    ["a cursor of another kind of list", `[42,"${JOB}"]`, `["2026-11-29T10:00:00.123Z","${EMAIL}"]`],
  ])("reads the first page of each list for %s", async (_, jobs, emails) => {
    mocks.healthOverview.mockResolvedValue(empty);
    render(await page({ jobs, emails }));
    expect(mocks.healthOverview).toHaveBeenCalledWith({ jobsAfter: null, emailsAfter: null });
    expect(screen.queryByRole("link", { name: "Newest failed jobs" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Newest emails" })).toBeNull();
  });

  it("says there is nothing failed, unsent or disagreeing when all is well", async () => {
    mocks.healthOverview.mockResolvedValue(empty);
    render(await page());
    const statuses = screen.getAllByRole("status").map((status) => status.textContent);
    expect(statuses).toEqual([
      expect.stringContaining("No job needs attention"),
      expect.stringContaining("No failed jobs"),
      expect.stringContaining("Every email has been sent"),
      expect.stringContaining("Nothing given up on"),
      expect.stringContaining("No order disagrees with Stripe"),
    ]);
    expect(screen.queryByRole("button", { name: "Retry" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Older failed jobs" })).toBeNull();
    expect(screen.getByRole("button", { name: "Run the reconciliation now" })).toBeTruthy();
  });

  it("shows nothing to anyone the guard refuses", async () => {
    mocks.requireOperatorPage.mockRejectedValue(new Error("NEXT_NOT_FOUND"));
    await expect(page()).rejects.toThrow("NEXT_NOT_FOUND");
    expect(mocks.healthOverview).not.toHaveBeenCalled();
  });
});

describe("the Health page's repair buttons", () => {
  it("Retry posts the job's queue and id, then reloads the page's data", async () => {
    const fetch = vi
      .spyOn(globalThis, "fetch")
      .mockResolvedValue(Response.json({ data: { queue: "send-email", id: JOB, state: "retry" } }));
    mocks.healthOverview.mockResolvedValue(full);
    render(await page());
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    await waitFor(() => expect(mocks.router.refresh).toHaveBeenCalled());
    expect(fetch).toHaveBeenCalledWith(
      "/api/operator/jobs/retry",
      expect.objectContaining({ method: "POST", body: JSON.stringify({ queue: "send-email", id: JOB }) }),
    );
    expect(mocks.toast.success).toHaveBeenCalledWith("The job is queued again.");
  });

  it("says the server's refusal in place (a job no longer failed), reloading nothing", async () => {
    const message = "This job is completed, not failed: only a failed job can be retried.";
    vi.spyOn(globalThis, "fetch").mockResolvedValue(Response.json({ error: message, code: "conflict" }, { status: 409 }));
    mocks.healthOverview.mockResolvedValue(full);
    render(await page());
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect((await screen.findByText(message)).getAttribute("role")).toBe("alert");
    expect(mocks.router.refresh).not.toHaveBeenCalled();
  });

  it("Send again and Check with Stripe now post their ids; the whole reconciliation posts none", async () => {
    const fetch = vi
      .spyOn(globalThis, "fetch")
      .mockImplementation(async (input) =>
        String(input).endsWith("/resend")
          ? Response.json({ data: { outboxId: EMAIL, jobId: JOB, status: "queued" } })
          : Response.json({ data: { jobId: JOB, orderId: null } }, { status: 202 }),
      );
    mocks.healthOverview.mockResolvedValue(full);
    render(await page());
    fireEvent.click(screen.getByRole("button", { name: "Send again" }));
    fireEvent.click(screen.getByRole("button", { name: "Check with Stripe now" }));
    fireEvent.click(screen.getByRole("button", { name: "Run the reconciliation now" }));
    await waitFor(() => expect(mocks.router.refresh).toHaveBeenCalledTimes(3));
    const bodies = fetch.mock.calls.map(([path, init]) => [path, init?.body]);
    expect(bodies).toEqual([
      ["/api/operator/emails/resend", JSON.stringify({ outboxId: EMAIL })],
      ["/api/operator/reconciliation", JSON.stringify({ orderId: ORDER })],
      ["/api/operator/reconciliation", JSON.stringify({})],
    ]);
  });
});
