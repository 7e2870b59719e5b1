import type { SafetyQuestionId } from "../questionnaire/safety-screen";

export type YesNo = "yes" | "no";

/** A cohort's paid or held seat with what its order recorded at checkout (D17). */
export type Participant = {
  seatId: string;
  seat: "paid" | "held";
  /** The order the seat was bought with, for its page (null: a seat given without one). */
  orderId: string | null;
  role: string;
  email: string | null;
  enrolledAt: Date | null;
  planName: string | null;
  hasCgm: boolean | null;
  /** Answers to questions 1–5, in order (undefined: not answered). */
  answers: (YesNo | undefined)[];
  cgmExperience?: YesNo;
  dietaryRestrictions?: string;
  medicalConditions?: string;
  safety: Partial<Record<SafetyQuestionId, YesNo>>;
  /**
   * The doctor's go-ahead the order was bought under: confirmed through the emailed link (when),
   * or only ticked at checkout by an order from before that link existed; null when none was needed.
   */
  doctorClearance: { confirmedAt: Date } | "ticked-at-checkout" | null;
};

/** "Cleared by their doctor on 2026-11-28" (the day in UTC, as operator pages give times). */
export function doctorClearanceLabel(clearance: Participant["doctorClearance"]): string | null {
  if (clearance === null) return null;
  if (clearance === "ticked-at-checkout") return "Ticked at checkout, not confirmed by link";
  return `Cleared by their doctor on ${clearance.confirmedAt.toISOString().slice(0, 10)}`;
}
