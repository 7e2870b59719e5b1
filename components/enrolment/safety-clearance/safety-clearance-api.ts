import { apiRequest } from "@/components/api/api-request";
import { ApiRequestError } from "@/components/api/api-request-error";
import {
  safetyClearanceConfirmedSchema,
  safetyClearanceRequestedSchema,
  type SafetyClearanceConfirmation,
  type SafetyClearanceRequest,
} from "@/lib/questionnaire/safety-clearance-schemas";

// The safety screen's clearance link: the browser's calls. Each throws ApiRequestError; the
// caller shows the server's message for a field's problem or the pace, else its own.

/** Asks for the link to come back with once the doctor has said yes (emailed; the answer is the same for every address). */
export const requestClearanceLink = (body: SafetyClearanceRequest, fallback: string) =>
  apiRequest({ method: "POST", path: "/api/safety-clearances", body, schema: safetyClearanceRequestedSchema, fallback });

/** Uses the link (/safety-clearance?token=…&email=…) with the person's name and word. */
export const confirmClearance = (body: SafetyClearanceConfirmation, fallback: string) =>
  apiRequest({ method: "POST", path: "/api/safety-clearances/confirmations", body, schema: safetyClearanceConfirmedSchema, fallback });

/** The message for a failed call: the server's own (a field's problem, the pace), else `fallback`. */
export function clearanceProblem(error: unknown, fallback: string): string {
  if (error instanceof ApiRequestError && error.fromServer) {
    if (error.status === 422 && error.details[0]) return error.details[0].message;
    if (error.status === 429) return error.message;
  }
  return fallback;
}
