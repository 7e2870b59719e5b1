import { z } from "zod";

/** SPEC §3 Subscription, as GET /api/payment/subscription answers it inside `{ data }`. */
export const subscriptionStatusSchema = z.object({
  hasSubscription: z.boolean(),
  subscription: z
    .object({
      planName: z.string(),
      status: z.string(),
      endDate: z.string().nullable(),
      currentPeriodEnd: z.string().nullable(),
      cancelAtPeriodEnd: z.boolean(),
    })
    .nullable(),
});

export type SubscriptionStatus = z.output<typeof subscriptionStatusSchema>;
