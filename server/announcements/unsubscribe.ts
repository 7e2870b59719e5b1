import "server-only";
import { emailIdentity } from "@/lib/email/email-address";
import { UNSUBSCRIBE_INVALID, type UnsubscribeResult } from "@/lib/operator/announcement-schemas";
import { insertUnsubscribe } from "../db/cohorts/cohort-announcements";
import { ApiError } from "../http/api-error";
import { isUnsubscribeToken } from "./unsubscribe-links";

/** Uses an announcement's unsubscribe link: its inbox gets no more announcements. */
export async function unsubscribeFromAnnouncements(email: string, token: string): Promise<UnsubscribeResult> {
  if (!isUnsubscribeToken(email, token)) throw new ApiError("validation_failed", UNSUBSCRIBE_INVALID);
  return { status: (await insertUnsubscribe(emailIdentity(email))) ? "unsubscribed" : "already-unsubscribed" };
}
