// Query keys for the member's affiliate data.
export const affiliateKeys = {
  all: ["affiliate"] as const,
  link: () => ["affiliate", "link"] as const,
  stats: () => ["affiliate", "stats"] as const,
  funnel: (days: number) => ["affiliate", "funnel", days] as const,
};
