// Query keys for the member's subscription.
export const subscriptionKeys = {
  all: ["subscription"] as const,
  status: () => ["subscription", "status"] as const,
};
