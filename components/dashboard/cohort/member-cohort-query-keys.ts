// Query keys for the member's own cohort data: invalidate `memberCohortKeys.all` after a seat
// changes to refetch the current cohort and the history.
export const memberCohortKeys = {
  all: ["member-cohort"] as const,
  current: () => ["member-cohort", "current"] as const,
  history: () => ["member-cohort", "history"] as const,
};
