import { describe, expect, it } from "vitest";
import { checkUserInfo, completedUserInfo } from "@/lib/enrolment/user-info-rules";
import { noToAll } from "./safety-screen-fixture";

const terms = { agreeToTerms: true, termsVersion: "2025-07-31", termsAcceptedAt: "2025-11-15T10:00:00.000Z", safetyScreen: noToAll };

describe("user-info rules (SPEC §5)", () => {
  it("asks for the terms with the spec's message", () => {
    expect(checkUserInfo({ safetyScreen: noToAll })).toEqual({
      ok: false,
      errors: { agreeToTerms: "Please agree to terms and conditions." },
    });
    expect(checkUserInfo({ agreeToTerms: false, cgmExperience: "yes", safetyScreen: noToAll })).toEqual({
      ok: false,
      errors: { agreeToTerms: "Please agree to terms and conditions." },
    });
    expect(checkUserInfo(undefined).ok).toBe(false);
  });

  it("asks again when the agreement lacks its version or time", () => {
    expect(checkUserInfo({ agreeToTerms: true, safetyScreen: noToAll })).toEqual({
      ok: false,
      errors: { agreeToTerms: "Please agree to terms and conditions." },
    });
  });

  it("does not enforce cgmExperience and keeps the notes optional", () => {
    const check = checkUserInfo(terms);
    expect(check.ok).toBe(true);
    expect(check.ok && check.userInfo).toEqual({ ...terms, agreeToTerms: true });
  });

  it("trims the notes and drops empty ones, as the checkout handler will", () => {
    const info = completedUserInfo({
      userInfo: { ...terms, cgmExperience: "no", dietaryRestrictions: "  no nuts ", medicalConditions: "   " },
    });
    expect(info).toEqual({ ...terms, cgmExperience: "no", dietaryRestrictions: "no nuts" });
  });

  it("flags a note that is too long under that field", () => {
    const check = checkUserInfo({ ...terms, medicalConditions: "x".repeat(1001) });
    expect(check).toEqual({ ok: false, errors: { medicalConditions: "Please keep this under 1000 characters." } });
  });

  it("has no completed user info without an agreement", () => {
    expect(completedUserInfo({})).toBeNull();
    expect(completedUserInfo({ userInfo: { cgmExperience: "yes" } })).toBeNull();
  });
});
