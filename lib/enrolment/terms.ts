// SPEC §9 Payment, cohorts and terms: the version of the terms a buyer agrees to.
export const TERMS_VERSION = "2025-07-31";
