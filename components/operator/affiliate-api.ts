import { apiRequest } from "@/components/api/api-request";
import { payoutHoldStateSchema, recordedPayoutSchema, type PayoutRequestInput } from "@/lib/operator/affiliate-schemas";
import { SAVE_FAILED } from "./operator-api";

// The Affiliates section's writes (D17). Each throws ApiRequestError with the server's message.

export const holdPayouts = (affiliateId: string, reason: string) =>
  apiRequest({
    method: "POST",
    path: `/api/operator/affiliates/${affiliateId}/hold`,
    body: { reason },
    schema: payoutHoldStateSchema,
    fallback: SAVE_FAILED,
  });

export const releasePayouts = (affiliateId: string) =>
  apiRequest({
    method: "DELETE",
    path: `/api/operator/affiliates/${affiliateId}/hold`,
    schema: payoutHoldStateSchema,
    fallback: SAVE_FAILED,
  });

export const markPaid = (affiliateId: string, body: PayoutRequestInput) =>
  apiRequest({
    method: "POST",
    path: `/api/operator/affiliates/${affiliateId}/payouts`,
    body,
    schema: recordedPayoutSchema,
    fallback: SAVE_FAILED,
  });
