import { apiRequest } from "@/components/api/api-request";
import { ApiRequestError } from "@/components/api/api-request-error";
import { operatorCohortSchema, type CohortFieldsInput } from "@/lib/operator/operator-cohort-schemas";

// The operator area's writes (issue 28). Each throws ApiRequestError; fieldErrors() reads a 422.
export const SAVE_FAILED = "The change could not be saved. Please try again.";

export const createCohort = (body: CohortFieldsInput) =>
  apiRequest({ method: "POST", path: "/api/operator/cohorts", body, schema: operatorCohortSchema, fallback: SAVE_FAILED });

export const editCohort = (id: string, body: CohortFieldsInput) =>
  apiRequest({ method: "POST", path: `/api/operator/cohorts/${id}`, body, schema: operatorCohortSchema, fallback: SAVE_FAILED });

export const setCohortClosed = (id: string, closed: boolean) =>
  apiRequest({ method: "POST", path: `/api/operator/cohorts/${id}/closed`, body: { closed }, schema: operatorCohortSchema, fallback: SAVE_FAILED });

/** A failed save's message per field (a 422's details), and the message for the whole form. */
export function saveProblems(error: unknown): { fields: Record<string, string>; message: string } {
  if (error instanceof ApiRequestError && error.status === 422 && error.details.length > 0) {
    const fields = Object.fromEntries(error.details.map((d) => [d.path, d.message]));
    return { fields, message: "Please correct the fields marked below." };
  }
  return { fields: {}, message: error instanceof ApiRequestError && error.fromServer ? error.message : SAVE_FAILED };
}
