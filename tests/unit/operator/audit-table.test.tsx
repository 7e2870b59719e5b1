import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { AuditTable } from "@/components/operator/audit-table";
import { OrderTimeline } from "@/components/operator/order-timeline";

// The audit log reads as sentences; what was recorded stays one "Details" away.

describe("the audit table", () => {
  it("shows each entry as a sentence, with the action, subject and raw before and after behind Details", () => {
    render(
      <AuditTable
        caption="Changes"
        entries={[
          {
            id: "7",
            actor: "ada@x.com",
            action: "order.refund",
            subjectType: "order",
            subjectId: "1a2b3c4d-0000-4000-8000-000000000001",
            before: { status: "paid", refunded_cents: 0, refundable_cents: 10692 },
            after: { amount_cents: 10692, currency: "usd", reason: "requested_by_customer" },
            createdAt: new Date("2026-11-28T10:00:00Z"),
          },
        ]}
      />,
    );
    const table = screen.getByRole("table", { name: "Changes" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["When (UTC)", "What happened"]);
    expect(within(table).getByText("ada@x.com refunded $106.92 of order 1A2B3C4D (full refund, requested by the buyer)")).toBeTruthy();
    const details = table.querySelector("details")!;
    expect(details.open).toBe(false);
    expect(within(details).getByText("Details").tagName).toBe("SUMMARY");
    expect(within(details).getByText("order.refund")).toBeTruthy();
    expect(within(details).getByRole("link", { name: "All entries about it" }).getAttribute("href")).toBe(
      "/operator/audit?subject_type=order&subject_id=1a2b3c4d-0000-4000-8000-000000000001",
    );
    expect(details.textContent).toContain('"refundable_cents": 10692');
    expect(details.textContent).toContain('"amount_cents": 10692');
    // The sentence itself never carries the raw record.
    expect(table.querySelector("p")!.textContent).not.toMatch(/[{}]|_cents/);
  });

  it("says nothing matches a filter in its own words", () => {
    render(<AuditTable caption="Changes" entries={[]} empty={{ title: "No entries match the filter" }} />);
    expect(screen.getByText("No entries match the filter")).toBeTruthy();
  });
});

describe("the order timeline", () => {
  it("labels a waitlist offer as such", () => {
    render(
      <OrderTimeline
        entries={[
          { at: "2026-11-28T10:00:00.000Z", kind: "waitlist", title: "system offered a place in cohort A to w@x.com", detail: null },
        ]}
      />,
    );
    expect(screen.getByRole("listitem").textContent).toBe(
      "2026-11-28 10:00:00 UTC · Waitlistsystem offered a place in cohort A to w@x.com",
    );
  });
});
