import { beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { AffiliateListRow, OperatorAffiliate, OperatorLedgerEntry } from "@/lib/operator/affiliates";

// The operator area's Affiliates pages, rendered with their data reads stubbed: each asks the guard
// first, then shows the figures the affiliate's dashboard shows, their ledger and payouts, the hold,
// and the form that marks what is due paid (one request key per payout, the amount shown sent along).
const mocks = vi.hoisted(() => ({
  requireOperatorPage: vi.fn(),
  affiliateListPage: vi.fn(),
  operatorAffiliate: vi.fn(),
  affiliateLedgerPage: vi.fn(),
  listPayouts: vi.fn(),
  listAuditEntries: vi.fn(),
  router: { push: vi.fn(), refresh: vi.fn() },
  toast: { success: vi.fn(), error: vi.fn() },
  notFound: vi.fn(() => {
    throw new Error("NEXT_NOT_FOUND");
  }),
}));
vi.mock("@/server/operator/operator-page", () => ({ requireOperatorPage: mocks.requireOperatorPage }));
vi.mock("@/server/operator/affiliates", () => ({
  affiliateListPage: mocks.affiliateListPage,
  operatorAffiliate: mocks.operatorAffiliate,
  affiliateLedgerPage: mocks.affiliateLedgerPage,
}));
vi.mock("@/server/db/operator/operator-affiliates", () => ({ listPayouts: mocks.listPayouts }));
vi.mock("@/server/db/operator/operator-audit", () => ({ listAuditEntries: mocks.listAuditEntries }));
vi.mock("next/navigation", () => ({ useRouter: () => mocks.router, notFound: mocks.notFound }));
vi.mock("@/components/ui/sonner", () => ({ toast: mocks.toast }));

import OperatorAffiliatePage from "@/app/operator/affiliates/[id]/page";
import OperatorAffiliatesPage from "@/app/operator/affiliates/page";

const ID = "3b1c2d3e-4a5b-4c6d-8e7f-8091a2b3c4d5";
const figures = { visitors: 120, leads: 9, conversions: 3, earnedCents: 8940, pendingCents: 2980, dueCents: 3980, paidCents: 1980 };
const row: AffiliateListRow = {
  userId: ID,
  email: "rita@example.com",
  code: "k7m3-q9xa",
  joinedAt: new Date("2026-10-01T08:00:00Z"),
  figures,
  held: false,
};
const affiliate: OperatorAffiliate = {
  userId: ID,
  email: "rita@example.com",
  code: "k7m3-q9xa",
  couponCode: "K7M3-Q9XA",
  joinedAt: new Date("2026-10-01T08:00:00Z"),
  figures,
  hold: null,
};
const entry: OperatorLedgerEntry = {
  id: "4c1c2d3e-4a5b-4c6d-8e7f-8091a2b3c4d6",
  createdAt: new Date("2026-11-01T09:30:00Z"),
  reason: "renewal",
  amountCents: 1980,
  currency: "usd",
  state: "due",
  availableAt: new Date("2026-12-01T09:30:00Z"),
  buyerEmail: "buyer@example.com",
  planName: "Popular",
  orderId: "5d1c2d3e-4a5b-4c6d-8e7f-8091a2b3c4d7",
  payoutId: null,
};

const detail = (searchParams: Record<string, string> = {}, id = ID) =>
  OperatorAffiliatePage({ params: Promise.resolve({ id }), searchParams: Promise.resolve(searchParams) });

beforeEach(() => {
  vi.restoreAllMocks();
  vi.clearAllMocks();
  mocks.requireOperatorPage.mockResolvedValue({ id: "op", email: "op@example.com", role: "authenticated" });
  mocks.affiliateListPage.mockResolvedValue({
    rows: [row, { ...row, userId: "6e1c2d3e-4a5b-4c6d-8e7f-8091a2b3c4d8", email: "held@example.com", held: true }],
    next: [12, ID],
  });
  mocks.operatorAffiliate.mockResolvedValue(affiliate);
  mocks.affiliateLedgerPage.mockResolvedValue({ rows: [entry], next: null });
  mocks.listPayouts.mockResolvedValue([]);
  mocks.listAuditEntries.mockResolvedValue([]);
});

describe("/operator/affiliates", () => {
  it("lists each affiliate with the dashboard's figures, commission earned, unpaid, due and paid, and whether payouts are held", async () => {
    render(await OperatorAffiliatesPage({ searchParams: Promise.resolve({ sort: "conversions", dir: "desc", q: "rit" }) }));
    expect(mocks.requireOperatorPage).toHaveBeenCalled();
    expect(mocks.affiliateListPage).toHaveBeenCalledWith({ q: "rit", sort: "conversions", dir: "desc", after: null });
    const table = screen.getByRole("table", { name: "Affiliates with their visitors, leads, conversions and commission" });
    const [first, second] = within(table).getAllByRole("row").slice(1);
    expect(
      within(first!)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["rita@example.com", "k7m3-q9xa", "2026-10-01", "120", "9", "3", "$89.40", "$69.60", "$39.80", "$19.80", "—"]);
    expect(within(first!).getByRole("link", { name: "rita@example.com" }).getAttribute("href")).toBe(`/operator/affiliates/${ID}`);
    expect(within(second!).getAllByRole("cell").at(-1)!.textContent).toBe("On hold");
    const headers = within(table).getAllByRole("columnheader");
    expect(headers.filter((h) => within(h).queryByRole("link")).map((h) => h.textContent)).toEqual([
      "Joined (UTC)↕",
      "Conversions▼",
      "Unpaid↕",
    ]);
    expect((screen.getByRole("searchbox", { name: "Search by email or affiliate code" }) as HTMLInputElement).value).toBe("rit");
    expect(screen.getByRole("link", { name: "Next page" }).getAttribute("href")).toBe(
      `/operator/affiliates?q=rit&sort=conversions&dir=desc&after=${encodeURIComponent(JSON.stringify([12, ID]))}`,
    );
  });

  it("says when no affiliate matches a search", async () => {
    mocks.affiliateListPage.mockResolvedValue({ rows: [], next: null });
    render(await OperatorAffiliatesPage({ searchParams: Promise.resolve({ q: "zz" }) }));
    expect(screen.getByRole("status").textContent).toContain("No affiliate matches");
  });

  it("shows nothing to anyone the guard refuses", async () => {
    mocks.requireOperatorPage.mockRejectedValue(new Error("NEXT_NOT_FOUND"));
    await expect(OperatorAffiliatesPage({ searchParams: Promise.resolve({}) })).rejects.toThrow("NEXT_NOT_FOUND");
    expect(mocks.affiliateListPage).not.toHaveBeenCalled();
  });
});

describe("/operator/affiliates/{id}", () => {
  it("answers 404 for an address that is not an affiliate id, without reading, and for an unknown affiliate", async () => {
    await expect(detail({}, "not-a-uuid")).rejects.toThrow("NEXT_NOT_FOUND");
    expect(mocks.operatorAffiliate).not.toHaveBeenCalled();
    mocks.operatorAffiliate.mockResolvedValue(null);
    await expect(detail()).rejects.toThrow("NEXT_NOT_FOUND");
  });

  it("shows the figures, the ledger with the referred buyer, and the form to mark what is due paid", async () => {
    render(await detail());
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("rita@example.com");
    const stats = Object.fromEntries(screen.getAllByRole("term").map((term) => [term.textContent, term.nextElementSibling?.textContent]));
    expect(stats).toEqual({
      Visitors: "120",
      Leads: "9",
      Conversions: "3",
      Earned: "$89.40",
      Pending: "$29.80",
      Due: "$39.80",
      Paid: "$19.80",
    });
    const ledger = screen.getByRole("table", { name: "The affiliate's ledger, newest first" });
    expect(
      within(ledger)
        .getAllByRole("cell")
        .map((c) => c.textContent)
        .slice(0, 6),
    ).toEqual(["2026-11-01 09:30", "20% of a renewal of the Popular plan", "buyer@example.com", "$19.80", "Due", "2026-12-01 09:30"]);
    expect(screen.getByRole("button", { name: "Mark $39.80 paid" })).toBeTruthy();
    expect(screen.getByRole("form", { name: "Hold payouts" })).toBeTruthy();
    expect(mocks.listAuditEntries).toHaveBeenCalledWith({ limit: 20, subject: { type: "affiliate", id: ID } });
  });

  it("shows a hold with its reason, who placed it and when, and offers no payment while it lasts", async () => {
    mocks.operatorAffiliate.mockResolvedValue({
      ...affiliate,
      hold: { reason: "Twelve refunds in a week", heldAt: new Date("2026-11-20T10:15:00Z"), heldBy: "op@example.com" },
    });
    render(await detail());
    expect(screen.getByText(/since 2026-11-20 10:15 UTC, placed by op@example.com/)).toBeTruthy();
    expect(screen.getByText("Reason: Twelve refunds in a week")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /^Mark .* paid$/ })).toBeNull();
    expect(screen.getByText(/Payouts are on hold: nothing is paid/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Release the hold" })).toBeTruthy();
  });

  it("says nothing is due, and why a balance is negative", async () => {
    mocks.operatorAffiliate.mockResolvedValue({ ...affiliate, figures: { ...figures, dueCents: -1980 } });
    render(await detail());
    expect(screen.getByText(/Nothing is due\. The balance is -\$19\.80/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: /^Mark .* paid$/ })).toBeNull();
  });

  it("passes the ledger's cursor on, and offers its next page", async () => {
    const cursor = ["2026-11-01T09:30:00.123456Z", entry.id] as const;
    mocks.affiliateLedgerPage.mockResolvedValue({ rows: [entry], next: cursor });
    render(await detail({ after: JSON.stringify(cursor) }));
    expect(mocks.affiliateLedgerPage).toHaveBeenCalledWith(ID, cursor);
    expect(screen.getByRole("link", { name: "Next page" }).getAttribute("href")).toBe(
      `/operator/affiliates/${ID}?sort=when&dir=desc&after=${encodeURIComponent(JSON.stringify(cursor))}`,
    );
  });
});

describe("marking what is due paid", () => {
  it("sends the amount shown, the reference and one request key, which a retry after a refusal keeps", async () => {
    const fetch = vi
      .spyOn(globalThis, "fetch")
      .mockResolvedValueOnce(
        Response.json(
          { error: "The amount due is now $41.00, not $39.80: reload the page and check it before paying.", code: "conflict" },
          { status: 409 },
        ),
      )
      .mockResolvedValueOnce(
        Response.json(
          { data: { payoutId: "p", affiliateId: ID, amountCents: 3980, currency: "usd", entries: 2, reference: "BANK-1", dueCents: 0 } },
          { status: 201 },
        ),
      );
    render(await detail());
    fireEvent.click(screen.getByRole("button", { name: "Mark $39.80 paid" }));
    expect(await screen.findByText("Give the payment's reference, such as the bank transfer's.")).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText("Payment reference"), { target: { value: " BANK-1 " } });
    fireEvent.click(screen.getByRole("button", { name: "Mark $39.80 paid" }));
    expect(await screen.findByText(/The amount due is now \$41\.00/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Mark $39.80 paid" }));
    await waitFor(() => expect(mocks.router.refresh).toHaveBeenCalled());
    const bodies = fetch.mock.calls.map(([path, init]) => [path, init?.method, JSON.parse(String(init?.body))]);
    expect(bodies).toEqual([
      [
        `/api/operator/affiliates/${ID}/payouts`,
        "POST",
        { amountCents: 3980, reference: "BANK-1", requestKey: expect.stringMatching(/^[0-9a-f-]{36}$/) },
      ],
      [`/api/operator/affiliates/${ID}/payouts`, "POST", { amountCents: 3980, reference: "BANK-1", requestKey: bodies[0]![2].requestKey }],
    ]);
    expect(mocks.toast.success).toHaveBeenCalledWith("$39.80 recorded as paid.");
  });
  it("asks 'Confirm it's you' when the server wants a fresh sign-in, then sends the same payout again", async () => {
    const fetch = vi
      .spyOn(globalThis, "fetch")
      .mockResolvedValueOnce(
        Response.json(
          { error: "Confirm it's you: enter your password again to make money changes.", code: "fresh_sign_in_required" },
          { status: 403 },
        ),
      )
      .mockResolvedValueOnce(Response.json({ data: { confirmedUntil: "2026-11-29T10:10:00.000Z" } }))
      .mockResolvedValueOnce(
        Response.json(
          { data: { payoutId: "p", affiliateId: ID, amountCents: 3980, currency: "usd", entries: 2, reference: "BANK-2", dueCents: 0 } },
          { status: 201 },
        ),
      );
    render(await detail());
    fireEvent.change(screen.getByLabelText("Payment reference"), { target: { value: "BANK-2" } });
    fireEvent.click(screen.getByRole("button", { name: "Mark $39.80 paid" }));
    const dialog = await screen.findByRole("dialog", { name: "Confirm it's you" });
    fireEvent.change(within(dialog).getByLabelText("Password"), { target: { value: "my-password" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Confirm" }));
    await waitFor(() => expect(mocks.toast.success).toHaveBeenCalledWith("$39.80 recorded as paid."));
    expect(fetch.mock.calls.map(([path]) => path)).toEqual([
      `/api/operator/affiliates/${ID}/payouts`,
      "/api/operator/fresh-sign-in",
      `/api/operator/affiliates/${ID}/payouts`,
    ]);
    const [first, again] = [fetch.mock.calls[0]!, fetch.mock.calls[2]!].map(
      ([, init]) => JSON.parse(String(init?.body)) as { requestKey: string },
    );
    expect(again).toEqual(first);
  });
});

describe("holding payouts", () => {
  it("asks for a reason before sending anything, then holds with it", async () => {
    const fetch = vi.spyOn(globalThis, "fetch").mockResolvedValue(
      Response.json({
        data: { affiliateId: ID, held: true, reason: "Refunds", heldAt: "2026-11-20T10:15:00.000Z", heldBy: "op@example.com" },
      }),
    );
    render(await detail());
    fireEvent.click(screen.getByRole("button", { name: "Hold payouts" }));
    expect(await screen.findByText("Give the reason for the hold.")).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText("Reason"), { target: { value: "Refunds" } });
    fireEvent.click(screen.getByRole("button", { name: "Hold payouts" }));
    await waitFor(() => expect(mocks.router.refresh).toHaveBeenCalled());
    expect(fetch).toHaveBeenCalledWith(
      `/api/operator/affiliates/${ID}/hold`,
      expect.objectContaining({ method: "POST", body: JSON.stringify({ reason: "Refunds" }) }),
    );
  });

  it("releases with DELETE", async () => {
    const fetch = vi
      .spyOn(globalThis, "fetch")
      .mockResolvedValue(Response.json({ data: { affiliateId: ID, held: false, reason: null, heldAt: null, heldBy: null } }));
    mocks.operatorAffiliate.mockResolvedValue({
      ...affiliate,
      hold: { reason: "Refunds", heldAt: new Date("2026-11-20T10:15:00Z"), heldBy: "op@example.com" },
    });
    render(await detail());
    fireEvent.click(screen.getByRole("button", { name: "Release the hold" }));
    await waitFor(() => expect(mocks.router.refresh).toHaveBeenCalled());
    expect(fetch).toHaveBeenCalledWith(`/api/operator/affiliates/${ID}/hold`, expect.objectContaining({ method: "DELETE" }));
  });
});
