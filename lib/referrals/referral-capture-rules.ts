// SPEC §9 Affiliate and referral, D5: which referral a visit counts for, and the UTM fields that
// travel with it to checkout.
export const REFERRAL_TTL_MS = 60 * 24 * 60 * 60 * 1000; // D5: kept 60 days
const CODE = /^[A-Za-z0-9][A-Za-z0-9_-]{2,31}$/;
const UTM_FIELDS = {
  utm_source: "utmSource",
  utm_medium: "utmMedium",
  utm_campaign: "utmCampaign",
  utm_term: "utmTerm",
  utm_content: "utmContent",
} as const;

export type Utm = Partial<Record<(typeof UTM_FIELDS)[keyof typeof UTM_FIELDS], string>>;

export type StoredReferral = Utm & {
  referralId: string;
  timestamp: number;
  source: "url" | "tracking";
  referrerUrl: string | null;
};

/** An affiliate code as we issue them: 3–32 letters, digits, '-' or '_'. Anything else is ignored. */
export function isPlausibleReferralCode(value: unknown): value is string {
  return typeof value === "string" && CODE.test(value);
}

/** The utm_* parameters of a query string, trimmed, printable and at most 100 characters each. */
export function parseUtm(search: URLSearchParams): Utm {
  const utm: Utm = {};
  for (const [param, field] of Object.entries(UTM_FIELDS)) {
    const value = search.get(param)?.trim();
    if (value && value.length <= 100 && !/[\u0000-\u001f\u007f]/.test(value)) utm[field] = value;
  }
  return utm;
}

function text(value: unknown, max: number): string | undefined {
  return typeof value === "string" && value.length > 0 && value.length <= max ? value : undefined;
}

/** A stored referral read back from storage: validated field by field; expired or foreign → null. */
export function parseStoredReferral(raw: unknown, now: number): StoredReferral | null {
  if (!raw || typeof raw !== "object") return null;
  const value = raw as Record<string, unknown>;
  const timestamp = value.timestamp;
  if (!isPlausibleReferralCode(value.referralId) || typeof timestamp !== "number" || !Number.isFinite(timestamp)) return null;
  if (timestamp > now || now - timestamp > REFERRAL_TTL_MS) return null;
  if (value.source !== "url" && value.source !== "tracking") return null;
  const referral: StoredReferral = {
    referralId: value.referralId,
    timestamp,
    source: value.source,
    referrerUrl: text(value.referrerUrl, 2048) ?? null,
  };
  for (const field of Object.values(UTM_FIELDS)) {
    const v = text(value[field], 100);
    if (v) referral[field] = v;
  }
  return referral;
}

/**
 * SPEC §9 order: the `via` query parameter, then the referral-tracking service's referral, then
 * the stored value. Returns the referral to use and whether it is new (to be stored).
 */
export function resolveReferral(input: {
  search: URLSearchParams;
  trackingReferral?: unknown;
  stored?: unknown;
  referrerUrl?: string | null;
  now: number;
}): { referral: StoredReferral | null; isNew: boolean } {
  const via = input.search.get("via");
  const fresh = (referralId: string, source: StoredReferral["source"]): StoredReferral => ({
    referralId,
    timestamp: input.now,
    source,
    referrerUrl: text(input.referrerUrl, 2048) ?? null,
    ...parseUtm(input.search),
  });
  if (isPlausibleReferralCode(via)) return { referral: fresh(via, "url"), isNew: true };
  if (isPlausibleReferralCode(input.trackingReferral)) return { referral: fresh(input.trackingReferral, "tracking"), isNew: true };
  return { referral: parseStoredReferral(input.stored, input.now), isNew: false };
}
