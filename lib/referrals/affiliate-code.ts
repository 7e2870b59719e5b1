// D5: every member has one affiliate code, used in their link `{site}/?via={code}` and, in capitals,
// as their coupon code. Readable (two groups of four, no 0/o, 1/l/i to confuse), and drawn at
// random from 31^8 ≈ 8.5·10^11 codes, so one cannot be guessed from another.
export const AFFILIATE_CODE_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz";
const GROUP = `[${AFFILIATE_CODE_ALPHABET}]{4}`;
export const AFFILIATE_CODE_PATTERN = new RegExp(`^${GROUP}-${GROUP}$`);
const CODE_LENGTH = 8;
// The largest multiple of the alphabet's size below 256: bytes at or above it are skipped, so
// every character is equally likely.
const UNBIASED_LIMIT = 256 - (256 % AFFILIATE_CODE_ALPHABET.length);

/**
 * An affiliate code made from random bytes (at least 8 usable ones), or null when there were too
 * few usable bytes to make one (draw again).
 */
export function affiliateCodeFrom(randomBytes: Uint8Array): string | null {
  let chars = "";
  for (const byte of randomBytes) {
    if (byte >= UNBIASED_LIMIT) continue;
    chars += AFFILIATE_CODE_ALPHABET[byte % AFFILIATE_CODE_ALPHABET.length];
    if (chars.length === CODE_LENGTH) return `${chars.slice(0, 4)}-${chars.slice(4)}`;
  }
  return null;
}

/** A code as a visitor may have typed or pasted it (any case, spaces around) in the form we store. */
export function canonicalAffiliateCode(value: string): string | null {
  const code = value.trim().toLowerCase();
  return AFFILIATE_CODE_PATTERN.test(code) ? code : null;
}

/** The coupon code that goes with an affiliate code (Stripe promotion codes are case-insensitive). */
export function couponCodeFor(code: string): string {
  return code.toUpperCase();
}

/** SPEC §3 Affiliate link: `{site}/?via={code}`. */
export function affiliateLink(siteUrl: string, code: string): string {
  return `${siteUrl.replace(/\/$/, "")}/?via=${encodeURIComponent(code)}`;
}
