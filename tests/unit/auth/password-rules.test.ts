import { describe, expect, it } from "vitest";
import { signInSchema, signUpSchema } from "@/lib/auth/auth-schemas";
import {
  CONFIRMATION_REQUIRED_MESSAGE,
  PASSWORD_TOO_LONG_MESSAGE,
  confirmationProblem,
  newPasswordSchema,
  passwordProblem,
  passwordSchema,
} from "@/lib/auth/password-rules";

const REQUIRED = "You must provide either an email or phone number and a password.";
const TOO_SHORT = "Password must be at least 8 characters long.";

/** The messages a schema gives for a value, as the API's 422 details carry them. */
function schemaMessages(schema: typeof passwordSchema, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe("password rules (SPEC §5, §8, §9)", () => {
  it("requires a password with the auth service's words", () => {
    expect(passwordProblem("", { isNew: false })).toBe(REQUIRED);
    expect(passwordProblem("", { isNew: true })).toBe(REQUIRED);
  });

  it("says 'Password must be at least 8 characters long.' for a new password of 7", () => {
    expect(passwordProblem("1234567", { isNew: true })).toBe(TOO_SHORT);
    expect(passwordProblem("12345678", { isNew: true })).toBeNull();
  });

  it("does not apply the minimum when logging in with an existing password", () => {
    expect(passwordProblem("short", { isNew: false })).toBeNull();
  });

  it("refuses more than 72 characters, in the form as at the API", () => {
    expect(passwordProblem("a".repeat(72), { isNew: true })).toBeNull();
    expect(passwordProblem("a".repeat(73), { isNew: true })).toBe(PASSWORD_TOO_LONG_MESSAGE);
    expect(passwordProblem("a".repeat(73), { isNew: false })).toBe(PASSWORD_TOO_LONG_MESSAGE);
    expect(PASSWORD_TOO_LONG_MESSAGE).toBe("Password must be at most 72 characters long.");
  });

  it("says 'Please make sure both passwords are identical.' when the confirmation differs", () => {
    expect(confirmationProblem("correct horse", "correct hors")).toBe("Please make sure both passwords are identical.");
    expect(confirmationProblem("correct horse", "correct horse")).toBeNull();
    expect(confirmationProblem("correct horse", "")).toBe(CONFIRMATION_REQUIRED_MESSAGE);
  });
});

describe("the API's password schemas give the form's message for every password", () => {
  const samples = ["", "short", "1234567", "12345678", "a".repeat(72), "a".repeat(73), "a".repeat(500)];

  it.each(samples)("a new password of %#", (value) => {
    const problem = passwordProblem(value, { isNew: true });
    expect(schemaMessages(newPasswordSchema, value)).toEqual(problem ? [problem] : []);
  });

  it.each(samples)("a sign-in password of %#", (value) => {
    const problem = passwordProblem(value, { isNew: false });
    expect(schemaMessages(passwordSchema, value)).toEqual(problem ? [problem] : []);
  });

  it("a missing password is refused with the same words", () => {
    expect(schemaMessages(passwordSchema, undefined)).toEqual([REQUIRED]);
  });

  it("sign-in and sign-up parse their password with these rules", () => {
    const email = "member@example.com";
    expect(signInSchema.safeParse({ email, password: "short" }).success).toBe(true);
    expect(signUpSchema.safeParse({ email, password: "short" }).error?.issues.map((i) => i.message)).toEqual([TOO_SHORT]);
    expect(signUpSchema.safeParse({ email, password: "a".repeat(73) }).error?.issues.map((i) => i.message)).toEqual([
      PASSWORD_TOO_LONG_MESSAGE,
    ]);
  });
});
