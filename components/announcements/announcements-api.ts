import { apiRequest } from "@/components/api/api-request";
import { ApiRequestError } from "@/components/api/api-request-error";
import { unsubscribeResultSchema, type UnsubscribeResult } from "@/lib/operator/announcement-schemas";

const FAILED = "We couldn't unsubscribe you just now. Please try again in a moment.";

/** POST /api/announcements/unsubscribe: the address of an announcement's unsubscribe link gets no more. */
export function unsubscribe(email: string, token: string): Promise<UnsubscribeResult> {
  return apiRequest({
    method: "POST",
    path: "/api/announcements/unsubscribe",
    body: { email, token },
    schema: unsubscribeResultSchema,
    fallback: FAILED,
  });
}

/** A refused unsubscribe as said on the page: the server's word for a bad link, else the default. */
export function unsubscribeProblem(failure: unknown): string {
  return failure instanceof ApiRequestError && failure.fromServer && failure.status < 500
    ? (failure.details[0]?.message ?? failure.message)
    : FAILED;
}
