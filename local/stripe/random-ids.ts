import { randomBytes } from "node:crypto";

const ALPHANUMERIC = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const UPPER = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** Unbiased random characters from an alphabet (rejection sampling on random bytes). */
export function randomChars(length: number, alphabet = ALPHANUMERIC): string {
  const limit = 256 - (256 % alphabet.length);
  let out = "";
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < limit && out.length < length) out += alphabet[byte % alphabet.length];
    }
  }
  return out;
}

// Lengths follow what Stripe's own ids look like, so code that validates id formats accepts these too.
const LENGTHS: Record<string, number> = { cus: 14, prod: 14, promo: 24, txr: 24, we: 24 };

/** `cus_Q9w...`, `sub_1P...`: a prefix and random alphanumerics. */
export function newId(prefix: string): string {
  return `${prefix}_${randomChars(LENGTHS[prefix] ?? 24)}`;
}

export const newSessionId = () => `cs_test_a1${randomChars(56)}`;
export const newCouponId = () => randomChars(8);
export const newPromotionCode = () => randomChars(8, UPPER);
export const newRequestId = () => `req_${randomChars(14)}`;
export const newWebhookSecret = () => `whsec_${randomChars(32)}`;
