// The landing hero's words, shared with the promo video's slides (scripts/make-promo-video.ts) so the
// video says what the page says.
export const HERO_EYEBROW = "14-day CGM bootcamp · next cohorts open";

export const ROTATING_TOPICS = ["breakfast", "coffee", "a late dinner", "a bad night's sleep", "a 10-minute walk"] as const;

export const HERO_LEAD = [
  "Wear a continuous glucose monitor for 14 days.",
  "Spend the first seven observing your normal life, the next seven testing small changes with a coach.",
  "Leave with a plan built on your own data, not on someone else's diet.",
] as const;
