import type { SafetyQuestionId } from "../questionnaire/safety-screen";

export type YesNo = "yes" | "no";

/** A cohort's paid or held seat with what its order recorded at checkout (D17). */
export type Participant = {
  seatId: string;
  seat: "paid" | "held";
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
  clearedByDoctor: boolean;
};
