import * as z from "zod/mini";

/** SPEC §3 Subscription, as GET /api/payment/subscription answers it inside `{ data }`. */
export const subscriptionStatusSchema = z.object({
  hasSubscription: z.boolean(),
  subscription: z.nullable(
    z.object({
      planName: z.string(),
      status: z.string(),
      endDate: z.nullable(z.string()),
      currentPeriodEnd: z.nullable(z.string()),
      cancelAtPeriodEnd: z.boolean(),
    }),
  ),
});

export type SubscriptionStatus = z.output<typeof subscriptionStatusSchema>;
