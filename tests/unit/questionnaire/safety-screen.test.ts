import { describe, expect, it } from "vitest";
import { userInfoSchema } from "@/lib/enrolment/user-info-schema";
import { checkUserInfo, completedUserInfo } from "@/lib/enrolment/user-info-rules";
import { parseEnrolmentDraft } from "@/lib/enrolment/enrolment-draft";
import {
  SAFETY_ANSWER_REQUIRED,
  SAFETY_QUESTIONS,
  SAFETY_SCREEN_REFUSED,
  SAFETY_SCREEN_VERSION,
  answerSafetyQuestion,
  safetyReasons,
  safetyScreenSchema,
  withDoctorClearance,
} from "@/lib/questionnaire/safety-screen";

const allNo = { version: SAFETY_SCREEN_VERSION, type1DiabetesOrInsulin: "no", pregnancy: "no", eatingDisorderHistory: "no" } as const;
const clearance = {
  pass: "p".repeat(43),
  clearedAt: "2026-11-28T10:00:00.000Z",
  reasons: ["pregnancy"] as ("pregnancy" | "eatingDisorderHistory")[],
};
const terms = { agreeToTerms: true, termsVersion: "2025-07-31", termsAcceptedAt: "2025-11-15T10:00:00.000Z" } as const;

describe("safety screen before a CGM plan is sold", () => {
  it("asks in plain words about type 1 diabetes or insulin, pregnancy and eating disorders", () => {
    expect(SAFETY_QUESTIONS.map((q) => q.id)).toEqual(["type1DiabetesOrInsulin", "pregnancy", "eatingDisorderHistory"]);
    expect(SAFETY_QUESTIONS[0]!.question).toMatch(/type 1 diabetes/);
    expect(SAFETY_QUESTIONS[0]!.question).toMatch(/insulin/);
    expect(SAFETY_QUESTIONS[1]!.question).toMatch(/pregnant/);
    expect(SAFETY_QUESTIONS[2]!.question).toMatch(/eating disorder/);
    for (const q of SAFETY_QUESTIONS) {
      // Each 'yes' leads to a specific why and specific questions for the doctor.
      expect(q.why.length).toBeGreaterThan(40);
      expect(q.askYourDoctor.length).toBeGreaterThanOrEqual(2);
    }
  });

  it("cannot be skipped: every question needs an answer", () => {
    const result = safetyScreenSchema.safeParse({ version: SAFETY_SCREEN_VERSION, pregnancy: "no" });
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((issue) => [issue.path.join("."), issue.message]);
    expect(paths).toEqual([
      ["type1DiabetesOrInsulin", SAFETY_ANSWER_REQUIRED],
      ["eatingDisorderHistory", SAFETY_ANSWER_REQUIRED],
    ]);
  });

  it("clears a visitor who answers no three times", () => {
    expect(safetyScreenSchema.safeParse(allNo).success).toBe(true);
    expect(safetyReasons(allNo)).toEqual([]);
  });

  it("refuses any 'yes' that no confirmed clearance covers: a tick of the visitor's own is no clearance", () => {
    const pregnant = { ...allNo, pregnancy: "yes" } as const;
    expect(safetyReasons(pregnant).map((q) => q.id)).toEqual(["pregnancy"]);
    const refused = safetyScreenSchema.safeParse(pregnant);
    expect(refused.success).toBe(false);
    expect(refused.error!.issues.map((issue) => issue.message)).toEqual([SAFETY_SCREEN_REFUSED]);
    expect(safetyScreenSchema.safeParse({ ...pregnant, clearedByDoctor: true }).success).toBe(false);
    // A clearance for another question does not cover this one.
    expect(safetyScreenSchema.safeParse({ ...pregnant, clearance: { ...clearance, reasons: ["eatingDisorderHistory"] } }).success).toBe(
      false,
    );
    const cleared = safetyScreenSchema.safeParse({ ...pregnant, clearance });
    expect(cleared.success).toBe(true);
    expect(safetyReasons(cleared.data!)).toEqual([]);
  });

  it("keeps a clearance to the questions it covers: a new 'yes' asks again", () => {
    const cleared = withDoctorClearance(answerSafetyQuestion(undefined, "type1DiabetesOrInsulin", "no"), {
      ...clearance,
      reasons: ["eatingDisorderHistory"],
    });
    expect(cleared).toEqual({
      version: SAFETY_SCREEN_VERSION,
      type1DiabetesOrInsulin: "no",
      eatingDisorderHistory: "yes",
      clearance: { ...clearance, reasons: ["eatingDisorderHistory"] },
    });
    expect(safetyReasons(cleared)).toEqual([]);
    expect(safetyReasons(answerSafetyQuestion(cleared, "type1DiabetesOrInsulin", "yes")).map((q) => q.id)).toEqual([
      "type1DiabetesOrInsulin",
    ]);
  });

  it("is part of the user info checkout parses: unanswered or refused user info cannot pay", () => {
    expect(userInfoSchema.safeParse(terms).success).toBe(false);
    expect(userInfoSchema.safeParse({ ...terms, safetyScreen: allNo }).success).toBe(true);
    expect(completedUserInfo({ userInfo: { ...terms, safetyScreen: { ...allNo, type1DiabetesOrInsulin: "yes" } } })).toBeNull();
    expect(checkUserInfo({ ...terms, safetyScreen: { ...allNo, type1DiabetesOrInsulin: "yes" } })).toEqual({
      ok: false,
      errors: { safetyScreen: SAFETY_SCREEN_REFUSED },
    });
    expect(checkUserInfo({ ...terms, safetyScreen: { version: SAFETY_SCREEN_VERSION } })).toEqual({
      ok: false,
      errors: {
        type1DiabetesOrInsulin: SAFETY_ANSWER_REQUIRED,
        pregnancy: SAFETY_ANSWER_REQUIRED,
        eatingDisorderHistory: SAFETY_ANSWER_REQUIRED,
      },
    });
  });

  it("drops answers to an older wording from a stored draft, so they are asked again", () => {
    const draft = parseEnrolmentDraft({ userInfo: { ...terms, safetyScreen: { ...allNo, version: "2000-01-01" } } });
    expect(draft.userInfo?.safetyScreen).toBeUndefined();
    expect(parseEnrolmentDraft({ userInfo: { safetyScreen: allNo } }).userInfo?.safetyScreen).toEqual(allNo);
  });
});
