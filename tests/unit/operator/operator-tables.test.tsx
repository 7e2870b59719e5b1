import { describe, expect, it } from "vitest";
import { render, screen, within } from "@testing-library/react";
import { AuditTable } from "@/components/operator/audit-table";
import { ParticipantTable } from "@/components/operator/participant-table";

describe("the operator area's tables", () => {
  it("say so when there are no participants or no changes yet", () => {
    render(<ParticipantTable participants={[]} />);
    expect(screen.getByRole("status").textContent).toContain("No participants yet");
    render(<AuditTable entries={[]} caption="Changes" />);
    expect(screen.getByText("No changes recorded yet")).toBeTruthy();
  });

  it("show a participant's seat, plan, answers and health questions under captioned column headers", () => {
    render(
      <ParticipantTable
        participants={[
          {
            seatId: "s1",
            seat: "paid",
            orderId: "0d0a0000-0000-4000-8000-000000000001",
            role: "participant",
            email: "paid@example.com",
            enrolledAt: new Date("2026-11-20T10:00:00Z"),
            planName: "Popular",
            hasCgm: true,
            answers: ["yes", undefined, "no", undefined, "yes"],
            cgmExperience: "no",
            safety: { type1DiabetesOrInsulin: "yes", pregnancy: "no" },
            doctorClearance: { confirmedAt: new Date("2026-11-18T09:30:00Z") },
          },
        ]}
      />,
    );
    const table = screen.getByRole("table", { name: "Participants with their plan, CGM, questionnaire answers and health questions" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual([
      "Seat",
      "Email",
      "Plan",
      "CGM",
      "Q1",
      "Q2",
      "Q3",
      "Q4",
      "Q5",
      "CGM before",
      "Dietary restrictions",
      "Medical conditions",
      "Type 1 diabetes or insulin",
      "Pregnancy",
      "A history of eating disorders",
      "Doctor's go-ahead",
    ]);
    expect(
      within(table)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual([
      "Paid",
      "paid@example.com",
      "Popular",
      "Yes",
      "yes",
      "—",
      "no",
      "—",
      "yes",
      "no",
      "—",
      "—",
      "yes",
      "no",
      "—",
      "Cleared by their doctor on 2026-11-18",
    ]);
    expect(within(table).getByRole("link", { name: "paid@example.com" }).getAttribute("href")).toBe(
      "/operator/orders/0d0a0000-0000-4000-8000-000000000001",
    );
  });

  it("show an entry's change field by field, before → after", () => {
    render(
      <AuditTable
        caption="Changes"
        entries={[
          {
            id: "1",
            actor: "op@example.com",
            action: "cohort.edit",
            subjectType: "cohort",
            subjectId: "c1",
            before: { participant_cap: 20, cohort_name: "A" },
            after: { participant_cap: 25, cohort_name: "A" },
            createdAt: new Date("2026-11-28T10:00:00Z"),
          },
        ]}
      />,
    );
    expect(screen.getByRole("table", { name: "Changes" })).toBeTruthy();
    expect(screen.getByRole("listitem").textContent).toBe("participant_cap: 20 → 25");
    expect(screen.getByText("2026-11-28 10:00:00")).toBeTruthy();
  });
});
