import { COHORT_CHANGE_CLOSED_MESSAGE } from "./cohort-change-rules";

// SPEC §4 Cohort status and §8: the cohort card's words. Lines the spec leaves to us are marked.
export const COHORT_CARD_LOAD_FAILED = "Failed to load your cohort information";
export const COHORT_ACTIVE_MESSAGE = "Your cohort is currently active. Enjoy your journey!";
export const COHORT_COMPLETED_MESSAGE = "Your cohort journey has been completed. Thank you for participating!";
export const SUBSCRIPTION_LOAD_FAILED = "Failed to fetch subscription status";
export const NO_ACTIVE_SUBSCRIPTION = "No Active Subscription";
export const CANCELLATION_PENDING = "Cancellation pending";

// Ours.
export const COHORT_CARD_TITLE = "Your Cohort";
export const POSTCOHORT_MESSAGE_WITHOUT_DATE = "Post-cohort services are available for a limited time.";
export const CHANGE_UNTIL_START = "You can change your cohort until 24 hours before it starts";
export const CHANGES_CLOSED = `Cohort changes are closed. ${COHORT_CHANGE_CLOSED_MESSAGE}`;
export const NO_COHORT_TEXT = "You are not in a cohort yet. Choose a plan to join the next one.";
export const CHOOSE_A_PLAN = "Choose a plan";
export const PAID_WITHOUT_SEAT_TEXT = "Your plan is paid. Choose the cohort you want to join.";
export const CHOOSE_YOUR_COHORT = "Choose your cohort";
export const CHANGE_COHORT = "Change cohort";
export const NO_OTHER_COHORTS = "No other upcoming cohorts are open right now. Please check back later.";
export const COHORT_HISTORY = "Cohort history";
export const MOVED_OUT = "Moved out";
export const ENROL_ERROR_TITLE = "Error";
