import { apiRequest } from "@/components/api/api-request";
import { ApiRequestError } from "@/components/api/api-request-error";
import { freshSignInResultSchema } from "@/lib/operator/fresh-sign-in-schemas";
import { operatorCohortSchema, type CohortFieldsInput } from "@/lib/operator/operator-cohort-schemas";
import {
  orderCohortMoveResultSchema,
  orderEmailResultSchema,
  orderRefundResultSchema,
  type OrderRefundRequest,
} from "@/lib/operator/order-schemas";

// The operator area's writes (D17). Each throws ApiRequestError; fieldErrors() reads a 422.
export const SAVE_FAILED = "The change could not be saved. Please try again.";

export const createCohort = (body: CohortFieldsInput) =>
  apiRequest({ method: "POST", path: "/api/operator/cohorts", body, schema: operatorCohortSchema, fallback: SAVE_FAILED });

export const editCohort = (id: string, body: CohortFieldsInput) =>
  apiRequest({ method: "POST", path: `/api/operator/cohorts/${id}`, body, schema: operatorCohortSchema, fallback: SAVE_FAILED });

export const setCohortClosed = (id: string, closed: boolean) =>
  apiRequest({
    method: "POST",
    path: `/api/operator/cohorts/${id}/closed`,
    body: { closed },
    schema: operatorCohortSchema,
    fallback: SAVE_FAILED,
  });

export const publishCohort = (id: string) =>
  apiRequest({ method: "POST", path: `/api/operator/cohorts/${id}/published`, schema: operatorCohortSchema, fallback: SAVE_FAILED });

/** A failed save's message per field (a 422's details), and the message for the whole form. */
export function saveProblems(error: unknown): { fields: Record<string, string>; message: string } {
  if (error instanceof ApiRequestError && error.status === 422 && error.details.length > 0) {
    const fields = Object.fromEntries(error.details.map((d) => [d.path, d.message]));
    return { fields, message: "Please correct the fields marked below." };
  }
  return { fields: {}, message: error instanceof ApiRequestError && error.fromServer ? error.message : SAVE_FAILED };
}

// Orders and money (D17). A money action may answer 403 fresh_sign_in_required: run it through
// useFreshSignIn's guard, which asks for the password and tries again.

export const confirmFreshSignIn = (password: string) =>
  apiRequest({
    method: "POST",
    path: "/api/operator/fresh-sign-in",
    body: { password },
    schema: freshSignInResultSchema,
    fallback: "Your password could not be checked. Please try again.",
  });

export const resendReceipt = (orderId: string, requestKey: string) =>
  apiRequest({
    method: "POST",
    path: `/api/operator/orders/${orderId}/receipt`,
    body: { requestKey },
    schema: orderEmailResultSchema,
    fallback: SAVE_FAILED,
  });

export const resendSetupLink = (orderId: string, requestKey: string) =>
  apiRequest({
    method: "POST",
    path: `/api/operator/orders/${orderId}/setup-link`,
    body: { requestKey },
    schema: orderEmailResultSchema,
    fallback: SAVE_FAILED,
  });

/** `confirmRunning`: the operator has been told the cohort is running and what the member misses. */
export const moveOrderCohort = (orderId: string, cohortId: string, confirmRunning = false) =>
  apiRequest({
    method: "POST",
    path: `/api/operator/orders/${orderId}/cohort`,
    body: { cohortId, confirmRunning },
    schema: orderCohortMoveResultSchema,
    fallback: SAVE_FAILED,
  });

export const refundOrder = (orderId: string, body: OrderRefundRequest) =>
  apiRequest({
    method: "POST",
    path: `/api/operator/orders/${orderId}/refunds`,
    body,
    schema: orderRefundResultSchema,
    fallback: SAVE_FAILED,
  });
