import { beforeEach, describe, expect, it, vi } from "vitest";
import { render, screen, within } from "@testing-library/react";
import type { OrderDetails, TimelineEntry } from "@/lib/operator/order-details";
import type { OrderListRow } from "@/lib/operator/order-list";

// Orders: the order list and an order's page, rendered with their reads stubbed.
const mocks = vi.hoisted(() => ({
  requireOperatorPage: vi.fn(),
  orderListPage: vi.fn(),
  orderTotals: vi.fn(),
  orderCohortChoices: vi.fn(),
  operatorOrderDetails: vi.fn(),
  orderTimeline: vi.fn(),
  listCohortsTakingSeats: vi.fn(),
  memberTimeZone: vi.fn(async () => null),
  notFound: vi.fn(() => {
    throw new Error("NEXT_NOT_FOUND");
  }),
}));
vi.mock("@/server/operator/operator-page", () => ({ requireOperatorPage: mocks.requireOperatorPage }));
vi.mock("@/server/operator/orders", () => ({
  orderListPage: mocks.orderListPage,
  orderTotals: mocks.orderTotals,
  orderCohortChoices: mocks.orderCohortChoices,
  operatorOrderDetails: mocks.operatorOrderDetails,
}));
vi.mock("@/server/operator/order-timeline", () => ({ orderTimeline: mocks.orderTimeline }));
vi.mock("@/server/db/operator/operator-cohorts", () => ({ listCohortsTakingSeats: mocks.listCohortsTakingSeats }));
vi.mock("@/server/db/accounts/users", () => ({ memberTimeZone: mocks.memberTimeZone }));
vi.mock("next/navigation", () => ({ notFound: mocks.notFound, useRouter: () => ({ push: vi.fn(), refresh: vi.fn() }) }));

import OperatorOrderPage from "@/app/operator/orders/[id]/page";
import OperatorOrdersPage from "@/app/operator/orders/page";

const ORDER = "1a2b3c4d-0000-4000-8000-0000000000aa";
const row: OrderListRow = {
  id: ORDER,
  createdAt: "2026-11-29T10:15:00.000Z",
  email: "buyer@example.com",
  cohortName: "Spring Cohort",
  planName: "Starter",
  hasCgm: true,
  currency: "usd",
  totalCents: 16_092,
  refundedCents: 500,
  status: "paid",
  cursor: ["2026-11-29T10:15:00.000000Z", ORDER],
};

const details: OrderDetails = {
  id: ORDER,
  reference: "1A2B3C4D",
  status: "paid",
  email: "buyer@example.com",
  hasAccount: false,
  planName: "Starter",
  hasCgm: true,
  currency: "usd",
  subtotalCents: 14_900,
  discountCents: 0,
  taxCents: 1_192,
  totalCents: 16_092,
  refundedCents: 500,
  refundableCents: 15_592,
  couponCode: null,
  referralId: null,
  createdAt: "2026-11-29T10:15:00.000Z",
  paidAt: "2026-11-29T10:16:00.000Z",
  replacedAt: null,
  stripe: {
    checkoutSessionId: "cs_test_1",
    customerId: "cus_1",
    subscriptionId: "sub_1",
    invoiceId: "in_1",
    paymentIntentId: "pi_1",
    chargeId: "ch_1",
  },
  orderedCohort: { id: "0c0a0000-0000-4000-8000-000000000001", name: "Spring Cohort" },
  seat: { id: "s1", status: "enrolled", cohortId: "0c0a0000-0000-4000-8000-000000000001", cohortName: "Spring Cohort" },
  setupLink: { usedAt: null, expiresAt: "2026-12-02T10:16:00.000Z" },
  refunds: [
    {
      id: "r1",
      amountCents: 500,
      reason: "requested_by_customer",
      note: "Late start",
      status: "succeeded",
      stripeRefundId: "re_1",
      failure: null,
      createdAt: "2026-11-29T11:00:00.000Z",
      completedAt: "2026-11-29T11:00:01.000Z",
    },
  ],
};

const timeline: TimelineEntry[] = [
  { at: "2026-11-29T10:15:00.000Z", kind: "checkout", title: "Checkout opened", detail: "Starter with CGM · $160.92 · cs_test_1" },
  {
    at: "2026-11-29T11:00:02.000Z",
    kind: "refund",
    title: "Stripe event charge.refunded",
    detail: "evt_1: $5.00 refunded in all, processed",
  },
];

beforeEach(() => {
  vi.clearAllMocks();
  mocks.requireOperatorPage.mockResolvedValue({ id: "op", email: "op@example.com", role: "authenticated" });
  mocks.orderTotals.mockResolvedValue({ count: 0, byCurrency: [] });
  mocks.orderCohortChoices.mockResolvedValue([]);
});

describe("/operator/orders", () => {
  it("lists a page of orders from the query, each linking to its page, with search and sorting on the server", async () => {
    mocks.orderListPage.mockResolvedValue({ rows: [row], next: row.cursor });
    render(await OperatorOrdersPage({ searchParams: Promise.resolve({ q: "buyer@", sort: "amount", dir: "asc" }) }));
    expect(mocks.requireOperatorPage).toHaveBeenCalled();
    expect(mocks.orderListPage).toHaveBeenCalledWith(
      { q: "buyer@", sort: "amount", dir: "asc", after: null },
      { status: null, cohort: null, from: null, to: null },
    );
    const table = screen.getByRole("table", { name: "Orders, with their buyer, cohort, plan, amount and status" });
    const cells = within(within(table).getAllByRole("row")[1]!)
      .getAllByRole("cell")
      .map((c) => c.textContent);
    expect(cells).toEqual(["2026-11-29 10:15", "buyer@example.com", "Spring Cohort", "Starter + CGM", "$160.92 ($5.00 refunded)", "Paid"]);
    expect(within(table).getByRole("link", { name: "buyer@example.com" }).getAttribute("href")).toBe(`/operator/orders/${ORDER}`);
    expect((screen.getByRole("searchbox", { name: "Search orders" }) as HTMLInputElement).value).toBe("buyer@");
    expect(screen.getByRole("link", { name: "Next page" }).getAttribute("href")).toContain("after=");
  });

  it("filters by status, cohort and dates, keeps them in every link, shows the totals and exports what is shown", async () => {
    const cohort = "0c0a0000-0000-4000-8000-000000000001";
    mocks.orderListPage.mockResolvedValue({ rows: [row], next: row.cursor });
    mocks.orderTotals.mockResolvedValue({
      count: 3,
      byCurrency: [{ currency: "usd", paidCents: 48_276, refundedCents: 500, disputedCents: 0, netCents: 47_776 }],
    });
    mocks.orderCohortChoices.mockResolvedValue([{ id: cohort, name: "Spring Cohort" }]);
    const params = { q: "buyer@", status: "partly_refunded", cohort, from: "2026-11-01", to: "2026-11-30" };
    render(await OperatorOrdersPage({ searchParams: Promise.resolve(params) }));
    const filters = { status: "partly_refunded", cohort, from: "2026-11-01", to: "2026-11-30" };
    expect(mocks.orderListPage).toHaveBeenCalledWith({ q: "buyer@", sort: "created", dir: "desc", after: null }, filters);
    expect(mocks.orderTotals).toHaveBeenCalledWith({ q: "buyer@", sort: "created", dir: "desc", after: null }, filters);
    expect((screen.getByLabelText("Status") as HTMLSelectElement).value).toBe("partly_refunded");
    expect((screen.getByLabelText("Cohort") as HTMLSelectElement).value).toBe(cohort);
    expect((screen.getByLabelText("Created from (UTC)") as HTMLInputElement).value).toBe("2026-11-01");
    const totals = screen.getByRole("region", { name: "Totals for these orders" });
    expect(totals.textContent).toContain("Orders3");
    expect(totals.textContent).toContain("Paid$482.76");
    expect(totals.textContent).toContain("Refunded$5.00");
    expect(totals.textContent).toContain("Net$477.76");
    const csv = new URL(screen.getByRole("link", { name: "Export CSV" }).getAttribute("href")!, "http://x");
    expect(csv.pathname).toBe("/api/operator/orders.csv");
    expect(Object.fromEntries(csv.searchParams)).toEqual({ ...params, sort: "created", dir: "desc" });
    const next = new URL(screen.getByRole("link", { name: "Next page" }).getAttribute("href")!, "http://x");
    expect(next.searchParams.get("status")).toBe("partly_refunded");
    expect(next.searchParams.get("cohort")).toBe(cohort);
    const sortByAmount = new URL(screen.getByRole("link", { name: /Amount/ }).getAttribute("href")!, "http://x");
    expect(sortByAmount.searchParams.get("from")).toBe("2026-11-01");
  });

  it("leaves out a filter value that is not valid, and says so", async () => {
    mocks.orderListPage.mockResolvedValue({ rows: [row], next: null });
    render(
      await OperatorOrdersPage({
        searchParams: Promise.resolve({ status: "lost", from: "2026-12-05", to: "2026-12-01", cohort: "x\u0000" }),
      }),
    );
    expect(mocks.orderListPage).toHaveBeenCalledWith(expect.anything(), { status: null, cohort: null, from: null, to: null });
    const said = screen.getByRole("status").textContent;
    expect(said).toContain("That status is not one the list filters by");
    expect(said).toContain("The start date is after the end date");
    expect(said).toContain("That cohort is not one the list knows");
  });

  it("says when no order matches", async () => {
    mocks.orderListPage.mockResolvedValue({ rows: [], next: null });
    render(await OperatorOrdersPage({ searchParams: Promise.resolve({ q: "nobody" }) }));
    expect(screen.getByRole("status").textContent).toContain("No order matches this search");
  });
});

describe("/operator/orders/{id}", () => {
  it("answers 404 for an address that is not an order id, or an order that does not exist", async () => {
    await expect(OperatorOrderPage({ params: Promise.resolve({ id: "not-a-uuid" }) })).rejects.toThrow("NEXT_NOT_FOUND");
    expect(mocks.operatorOrderDetails).not.toHaveBeenCalled();
    mocks.operatorOrderDetails.mockResolvedValue(null);
    await expect(OperatorOrderPage({ params: Promise.resolve({ id: ORDER }) })).rejects.toThrow("NEXT_NOT_FOUND");
  });

  it("shows the order, its actions, its refunds and its timeline", async () => {
    mocks.operatorOrderDetails.mockResolvedValue(details);
    mocks.orderTimeline.mockResolvedValue(timeline);
    mocks.listCohortsTakingSeats.mockResolvedValue([]);
    render(await OperatorOrderPage({ params: Promise.resolve({ id: ORDER }) }));
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Order 1A2B3C4D");
    expect(screen.getByText("Works until 2026-12-02 10:16 UTC")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Resend receipt" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Send a new set-up link" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Refund" })).toBeTruthy();
    expect((screen.getByLabelText("Amount (USD)") as HTMLInputElement).value).toBe("155.92");
    const refunds = screen.getByRole("table", { name: "Refunds asked for on this order, oldest first" });
    expect(
      within(refunds)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["2026-11-29 11:00", "$5.00", "Requested by the buyerLate start", "Made at Stripe", "re_1"]);
    expect(screen.getByText("Stripe event charge.refunded")).toBeTruthy();
    expect(screen.getByText("pi_1")).toBeTruthy();
  });
});
