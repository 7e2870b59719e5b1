// SPEC §4 Newsletter: after submit the thanks shows for 3 seconds, then the form returns.
export const NEWSLETTER_THANKS = "Thank you! We'll keep you updated.";
export const NEWSLETTER_THANKS_MS = 3000;
export const NEWSLETTER_FAILED = "We couldn't sign you up just now. Please try again in a moment.";
