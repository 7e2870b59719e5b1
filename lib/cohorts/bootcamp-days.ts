// SPEC §9: the bootcamp lasts 14 days (7+7): days 1–7 observe, days 8–14 experiment.
export const BOOTCAMP_DAYS = 14;
export const OBSERVE_DAYS = 7;
