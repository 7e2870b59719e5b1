import { beforeEach, describe, expect, it, vi } from "vitest";
import { render, screen, within } from "@testing-library/react";
import type { OrderDetails, TimelineEntry } from "@/lib/operator/order-details";
import type { OrderListRow } from "@/lib/operator/order-list";

// Issue 28 Orders: the order list and an order's page, rendered with their reads stubbed.
const mocks = vi.hoisted(() => ({
  requireOperatorPage: vi.fn(),
  orderListPage: vi.fn(),
  operatorOrderDetails: vi.fn(),
  orderTimeline: vi.fn(),
  listCohortsTakingSeats: vi.fn(),
  notFound: vi.fn(() => {
    throw new Error("NEXT_NOT_FOUND");
  }),
}));
vi.mock("@/server/operator/operator-page", () => ({ requireOperatorPage: mocks.requireOperatorPage }));
vi.mock("@/server/operator/orders", () => ({ orderListPage: mocks.orderListPage, operatorOrderDetails: mocks.operatorOrderDetails }));
vi.mock("@/server/operator/order-timeline", () => ({ orderTimeline: mocks.orderTimeline }));
vi.mock("@/server/db/operator-cohorts", () => ({ listCohortsTakingSeats: mocks.listCohortsTakingSeats }));
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
  stripe: { checkoutSessionId: "cs_test_1", customerId: "cus_1", subscriptionId: "sub_1", invoiceId: "in_1", paymentIntentId: "pi_1", chargeId: "ch_1" },
  orderedCohort: { id: "0c0a0000-0000-4000-8000-000000000001", name: "Spring Cohort" },
  seat: { id: "s1", status: "enrolled", cohortId: "0c0a0000-0000-4000-8000-000000000001", cohortName: "Spring Cohort" },
  setupLink: { usedAt: null, expiresAt: "2026-12-02T10:16:00.000Z" },
  refunds: [
    { id: "r1", amountCents: 500, reason: "requested_by_customer", note: "Late start", status: "succeeded", stripeRefundId: "re_1", failure: null, createdAt: "2026-11-29T11:00:00.000Z", completedAt: "2026-11-29T11:00:01.000Z" },
  ],
};

const timeline: TimelineEntry[] = [
  { at: "2026-11-29T10:15:00.000Z", kind: "checkout", title: "Checkout opened", detail: "Starter with CGM · $160.92 · cs_test_1" },
  { at: "2026-11-29T11:00:02.000Z", kind: "refund", title: "Stripe event charge.refunded", detail: "evt_1: $5.00 refunded in all, processed" },
];

beforeEach(() => {
  vi.clearAllMocks();
  mocks.requireOperatorPage.mockResolvedValue({ id: "op", email: "op@example.com", role: "authenticated" });
});

describe("/operator/orders", () => {
  it("lists a page of orders from the query, each linking to its page, with search and sorting on the server", async () => {
    mocks.orderListPage.mockResolvedValue({ rows: [row], next: row.cursor });
    render(await OperatorOrdersPage({ searchParams: Promise.resolve({ q: "buyer@", sort: "amount", dir: "asc" }) }));
    expect(mocks.requireOperatorPage).toHaveBeenCalled();
    expect(mocks.orderListPage).toHaveBeenCalledWith({ q: "buyer@", sort: "amount", dir: "asc", after: null });
    const table = screen.getByRole("table", { name: "Orders, with their buyer, cohort, plan, amount and status" });
    const cells = within(within(table).getAllByRole("row")[1]!).getAllByRole("cell").map((c) => c.textContent);
    expect(cells).toEqual(["2026-11-29 10:15", "buyer@example.com", "Spring Cohort", "Starter + CGM", "$160.92 ($5.00 refunded)", "Paid"]);
    expect(within(table).getByRole("link", { name: "buyer@example.com" }).getAttribute("href")).toBe(`/operator/orders/${ORDER}`);
    expect((screen.getByRole("searchbox", { name: "Search orders" }) as HTMLInputElement).value).toBe("buyer@");
    expect(screen.getByRole("link", { name: "Next page" }).getAttribute("href")).toContain("after=");
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
    expect(within(refunds).getAllByRole("cell").map((c) => c.textContent)).toEqual(["2026-11-29 11:00", "$5.00", "Requested by the buyerLate start", "Made at Stripe", "re_1"]);
    expect(screen.getByText("Stripe event charge.refunded")).toBeTruthy();
    expect(screen.getByText("pi_1")).toBeTruthy();
  });
});
