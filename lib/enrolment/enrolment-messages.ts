// SPEC §2, §4 and §8: the enrolment screens' messages, word for word. The lines that the spec
// leaves to us are marked.
export const COHORTS_LOAD_FAILED = "Failed to load cohorts. Please try again later.";
export const NO_COHORTS_TITLE = "No Campaigns Available";
export const NO_COHORTS_TEXT = "No campaigns available during this month.";

export const PAYMENT_SESSION_EXPIRED =
  "Payment session has expired. The transaction has been dropped. Please refresh the page to start a new payment session.";
export const SESSION_EXPIRED_BUTTON = "Session Expired";
export const REDIRECTING_TO_STRIPE = "Redirecting to Stripe...";
export const PAYMENT_ERROR_TITLE = "Payment Error";
export const PAYMENT_FAILED_DEFAULT = "Failed to initiate payment. Please try again.";
export const PAYMENT_SETUP_FAILED = "Payment setup failed. Please try again.";
export const NO_CHECKOUT_URL = "No checkout URL received";

export const CHECK_EMAIL_FOR_PASSWORD = "Check your email to set up your account password.";

// Ours: why a cohort chosen earlier was let go.
export const COHORT_FILLED_UP = "This cohort is full. Please choose another one.";
export const COHORT_NO_LONGER_AVAILABLE = "The cohort you chose earlier is no longer available. Please choose another one.";
export const COHORT_NOW_FULL = "The cohort you chose earlier is now full. Please choose another one.";
