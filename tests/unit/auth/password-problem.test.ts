import { describe, expect, it } from "vitest";
import { CONFIRMATION_REQUIRED_MESSAGE, PASSWORD_REQUIRED_MESSAGE, confirmationProblem, passwordProblem } from "@/components/auth/password-problem";

describe("password rules (SPEC §5)", () => {
  it("requires a password", () => {
    expect(passwordProblem("", { isNew: false })).toBe(PASSWORD_REQUIRED_MESSAGE);
    expect(passwordProblem("", { isNew: true })).toBe(PASSWORD_REQUIRED_MESSAGE);
  });

  it("says 'Password must be at least 8 characters long.' for a new password of 7", () => {
    expect(passwordProblem("1234567", { isNew: true })).toBe("Password must be at least 8 characters long.");
    expect(passwordProblem("12345678", { isNew: true })).toBeNull();
  });

  it("does not apply the minimum when logging in with an existing password", () => {
    expect(passwordProblem("short", { isNew: false })).toBeNull();
  });

  it("says 'Please make sure both passwords are identical.' when the confirmation differs", () => {
    expect(confirmationProblem("correct horse", "correct hors")).toBe("Please make sure both passwords are identical.");
    expect(confirmationProblem("correct horse", "correct horse")).toBeNull();
    expect(confirmationProblem("correct horse", "")).toBe(CONFIRMATION_REQUIRED_MESSAGE);
  });
});
