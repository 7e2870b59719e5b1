import "server-only";
import { emailIdentity } from "@/lib/email/email-address";
import { SAFETY_CLEARANCE_NOT_RECORDED, answeredYes, type SafetyScreenAnswers } from "@/lib/questionnaire/safety-screen";
import { findClearanceByPassHash } from "../db/safety-clearance/safety-clearances";
import { ApiError } from "../http/api-error";
import { hashSecretToken } from "../security/secret-tokens";

// The checkout's half of the safety screen's gate: the browser's word is not enough. Answers with a
// 'yes' open a checkout only with the pass of a clearance the server recorded, still within its
// 30 days, that covers every 'yes' given, for the buyer's own address: a signed-in buyer's account
// (the one that confirmed it, or one with the same inbox), and a visitor's checkout is opened for
// the address the link was sent to.

export type CheckoutClearance = { id: string; email: string };

const PATH = "metadata.user_info.safetyScreen";

function refused(): ApiError {
  return new ApiError("validation_failed", SAFETY_CLEARANCE_NOT_RECORDED, {
    details: [{ path: PATH, message: SAFETY_CLEARANCE_NOT_RECORDED }],
  });
}

/** The clearance these answers are bought under: null when they need none; 422 when it is not on record for them and this buyer. */
export async function checkoutClearance(
  answers: SafetyScreenAnswers,
  buyer: { userId: string; email: string | null } | null,
): Promise<CheckoutClearance | null> {
  const needed = answeredYes(answers);
  if (needed.length === 0) return null;
  if (!answers.clearance) throw refused();
  const recorded = await findClearanceByPassHash(hashSecretToken(answers.clearance.pass));
  if (!recorded || recorded.passExpired) throw refused();
  if (!needed.every((id) => recorded.reasons.includes(id))) throw refused();
  if (buyer) {
    const sameAccount = recorded.confirmedUserId === buyer.userId;
    const sameInbox = buyer.email !== null && emailIdentity(buyer.email) === recorded.emailIdentity;
    if (!sameAccount && !sameInbox) throw refused();
  }
  return { id: recorded.id, email: recorded.email };
}
