import { TERMS_REQUIRED_MESSAGE, userInfoSchema, type UserInfo } from "./user-info-schema";
import type { EnrolmentDraft, UserInfoDraft } from "./enrolment-draft";

// SPEC §5 User-info: terms must be agreed; cgmExperience is not enforced; the notes are optional.
// The form checks with the same schema the checkout handler parses.
export type UserInfoField = "cgmExperience" | "dietaryRestrictions" | "medicalConditions" | "agreeToTerms";
export type UserInfoErrors = Partial<Record<UserInfoField, string>>;

export type UserInfoCheck = { ok: true; userInfo: UserInfo } | { ok: false; errors: UserInfoErrors };

const FORM_FIELDS: readonly string[] = ["cgmExperience", "dietaryRestrictions", "medicalConditions"];

export function checkUserInfo(info: UserInfoDraft | undefined): UserInfoCheck {
  const result = userInfoSchema.safeParse(info ?? {});
  if (result.success) return { ok: true, userInfo: result.data };
  const errors: UserInfoErrors = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? "");
    // The version and time come with the checkbox: a problem with either means "agree again".
    const field = (FORM_FIELDS.includes(key) ? key : "agreeToTerms") as UserInfoField;
    errors[field] ??= field === "agreeToTerms" ? TERMS_REQUIRED_MESSAGE : issue.message;
  }
  return { ok: false, errors };
}

/** The draft's user info when it is complete enough to pay with, else null. */
export function completedUserInfo(draft: EnrolmentDraft): UserInfo | null {
  const check = checkUserInfo(draft.userInfo);
  return check.ok ? check.userInfo : null;
}
