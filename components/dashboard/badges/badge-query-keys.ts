// Query keys for the member's badges.
export const badgeKeys = {
  all: ["badges"] as const,
  member: () => ["badges", "member"] as const,
};
