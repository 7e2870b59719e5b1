import * as z from "zod/mini";

// One rule for "is this an email address": forms check it as people type, and the API's schemas
// parse with emailSchema, which applies the same rule.
export const EMAIL_REQUIRED_MESSAGE = "Please enter your email address.";
export const EMAIL_INVALID_MESSAGE = "Please enter a valid email address.";
export const EMAIL_MAX_LENGTH = 254;

// The same shape zod's z.email() accepts by default.
const EMAIL_PATTERN = /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** Trimmed and lower-cased, so one person is one address. */
export function normaliseEmail(value: string): string {
  return value.trim().toLowerCase();
}

/** The message to show for a typed email address, or null when it is fine. */
export function emailProblem(value: string): string | null {
  const email = value.trim();
  if (email === "") return EMAIL_REQUIRED_MESSAGE;
  if (email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email)) return EMAIL_INVALID_MESSAGE;
  return null;
}

/**
 * One person's address for telling whether two addresses are the same person (D5: no
 * self-referral): lower case, no "+tag", and for Gmail no dots (googlemail.com is gmail.com).
 * Only for comparing; mail still goes to the address as given.
 */
export function emailIdentity(value: string): string {
  const email = normaliseEmail(value);
  const at = email.lastIndexOf("@");
  if (at < 1) return email;
  let domain = email.slice(at + 1);
  let local = email.slice(0, at).split("+")[0] || email.slice(0, at);
  if (domain === "googlemail.com") domain = "gmail.com";
  if (domain === "gmail.com") local = local.replaceAll(".", "") || local;
  return `${local}@${domain}`;
}

/** An email address as people type it; parsed to trimmed lower case. Forms check the same rule. */
export const emailSchema = z.pipe(
  z.string({ error: EMAIL_REQUIRED_MESSAGE }).check(
    z.superRefine((value, ctx) => {
      const problem = emailProblem(value);
      if (problem) ctx.addIssue({ code: "custom", message: problem, input: value });
    }),
  ),
  z.transform(normaliseEmail),
);
