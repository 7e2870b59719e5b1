// Query keys for cohorts: invalidate `cohortKeys.all` to refetch every cohort query.
export const cohortKeys = {
  all: ["cohorts"] as const,
  list: (language: string) => ["cohorts", "list", language] as const,
};
