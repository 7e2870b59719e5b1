import { describe, expect, it } from "vitest";
import {
  EMPTY_DRAFT,
  parseEnrolmentDraft,
  parseEnrolmentDraftJson,
  serializeEnrolmentDraft,
  withTermsAgreement,
} from "@/lib/enrolment/enrolment-draft";

const agreed = {
  cgmExperience: "yes" as const,
  dietaryRestrictions: " vegetarian ",
  medicalConditions: "",
  agreeToTerms: true,
  termsVersion: "2025-07-31",
  termsAcceptedAt: "2025-11-15T10:00:00.000Z",
};

describe("enrolment draft in sessionStorage (D12)", () => {
  it("round-trips user info, cohort and coupon exactly as typed", () => {
    const draft = { userInfo: agreed, cohortId: "0c0a0000-0000-4000-8000-000000000001", couponCode: "FRIEND10 " };
    expect(parseEnrolmentDraftJson(serializeEnrolmentDraft(draft))).toEqual(draft);
  });

  it.each([null, "", "{broken", "[]", '"text"', "42", "null"])("reads %j as an empty draft", (text) => {
    expect(parseEnrolmentDraftJson(text)).toEqual(EMPTY_DRAFT);
  });

  it("treats foreign data as an empty draft", () => {
    expect(parseEnrolmentDraft({ userInfo: { cgmExperience: "maybe" } })).toEqual(EMPTY_DRAFT);
    expect(parseEnrolmentDraft({ cohortId: 42 })).toEqual(EMPTY_DRAFT);
    expect(parseEnrolmentDraft({ couponCode: "x".repeat(41) })).toEqual(EMPTY_DRAFT);
  });

  it("drops fields it does not know", () => {
    expect(parseEnrolmentDraft({ cohortId: "abc", token: "secret" })).toEqual({ cohortId: "abc" });
    expect(serializeEnrolmentDraft({ cohortId: "abc", token: "secret" } as never)).toBe('{"cohortId":"abc"}');
  });

  it("withdraws an agreement to an older version of the terms", () => {
    const draft = parseEnrolmentDraft({ userInfo: { ...agreed, termsVersion: "2024-01-01" } });
    expect(draft.userInfo?.agreeToTerms).toBe(false);
    expect(draft.userInfo?.termsVersion).toBeUndefined();
    expect(draft.userInfo?.termsAcceptedAt).toBeUndefined();
    expect(draft.userInfo?.dietaryRestrictions).toBe(" vegetarian ");
  });

  it("records the terms version and the moment of agreeing, and forgets both when withdrawn", () => {
    const now = new Date("2025-11-15T10:30:00.000Z");
    const on = withTermsAgreement({ cgmExperience: "no" }, true, now);
    expect(on).toEqual({
      cgmExperience: "no",
      agreeToTerms: true,
      termsVersion: "2025-07-31",
      termsAcceptedAt: "2025-11-15T10:30:00.000Z",
    });
    const off = withTermsAgreement(on, false, now);
    expect(off.agreeToTerms).toBe(false);
    expect(off.termsVersion).toBeUndefined();
    expect(off.termsAcceptedAt).toBeUndefined();
  });
});
