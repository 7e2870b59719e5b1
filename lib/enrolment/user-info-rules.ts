import { SAFETY_ANSWER_REQUIRED, SAFETY_QUESTION_IDS, type SafetyQuestionId } from "../questionnaire/safety-screen";
import { TERMS_REQUIRED_MESSAGE, userInfoSchema, type UserInfo } from "./user-info-schema";
import type { EnrolmentDraft, UserInfoDraft } from "./enrolment-draft";

// SPEC §5 User-info: terms must be agreed; cgmExperience is not enforced; the notes are optional.
// The form checks with the same schema the checkout handler parses.
// Beyond the spec: the safety screen's questions must be answered; `safetyScreen` is its refusal
// (a 'yes' without the doctor's go-ahead), which the form shows as a page, not as a field error.
export type UserInfoField =
  "cgmExperience" | "dietaryRestrictions" | "medicalConditions" | "agreeToTerms" | SafetyQuestionId | "safetyScreen";
export type UserInfoErrors = Partial<Record<UserInfoField, string>>;

export type UserInfoCheck = { ok: true; userInfo: UserInfo } | { ok: false; errors: UserInfoErrors };

const FORM_FIELDS: readonly string[] = ["cgmExperience", "dietaryRestrictions", "medicalConditions"];

/** The fields a problem belongs to. An unanswered safety screen asks each of its questions. */
function fieldsOf(issue: { path: readonly PropertyKey[]; code: string }): readonly UserInfoField[] {
  const key = String(issue.path[0] ?? "");
  if (key === "safetyScreen") {
    if (issue.code === "custom") return ["safetyScreen"];
    const question = SAFETY_QUESTION_IDS.find((id) => id === issue.path[1]);
    return question ? [question] : SAFETY_QUESTION_IDS;
  }
  // The version and time come with the checkbox: a problem with either means "agree again".
  return [(FORM_FIELDS.includes(key) ? key : "agreeToTerms") as UserInfoField];
}

function messageFor(field: UserInfoField, message: string): string {
  if (field === "agreeToTerms") return TERMS_REQUIRED_MESSAGE;
  return (SAFETY_QUESTION_IDS as readonly string[]).includes(field) ? SAFETY_ANSWER_REQUIRED : message;
}

export function checkUserInfo(info: UserInfoDraft | undefined): UserInfoCheck {
  const result = userInfoSchema.safeParse(info ?? {});
  if (result.success) return { ok: true, userInfo: result.data };
  const errors: UserInfoErrors = {};
  for (const issue of result.error.issues) {
    for (const field of fieldsOf(issue)) errors[field] ??= messageFor(field, issue.message);
  }
  return { ok: false, errors };
}

/** The draft's user info when it is complete enough to pay with, else null. */
export function completedUserInfo(draft: EnrolmentDraft): UserInfo | null {
  const check = checkUserInfo(draft.userInfo);
  return check.ok ? check.userInfo : null;
}
