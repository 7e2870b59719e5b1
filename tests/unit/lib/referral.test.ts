import { describe, expect, it } from "vitest";
import {
  REFERRAL_TTL_MS,
  isPlausibleReferralCode,
  parseStoredReferral,
  parseUtm,
  resolveReferral,
} from "@/lib/referrals/referral-capture-rules";

const now = Date.UTC(2026, 10, 21);
const stored = { referralId: "STORED1", timestamp: now - 1000, source: "url", referrerUrl: null };

describe("referral codes", () => {
  it.each(["MAYA10", "daniel-k", "abc", "A_b-3"])("accepts %j", (code) => expect(isPlausibleReferralCode(code)).toBe(true));
  it.each(["", "ab", "-abc", "a".repeat(33), "<script>", "maya 10", "x@y", 42, null])("rejects %j", (code) =>
    expect(isPlausibleReferralCode(code)).toBe(false),
  );
});

describe("referral resolution order (SPEC §9)", () => {
  it("takes the via parameter first, with its UTM fields and the referrer", () => {
    const search = new URLSearchParams(
      "via=MAYA10&utm_source=instagram&utm_medium=story&utm_campaign=launch&utm_term=cgm&utm_content=reel",
    );
    expect(resolveReferral({ search, trackingReferral: "TRACK1", stored, referrerUrl: "https://instagram.com/", now })).toEqual({
      isNew: true,
      referral: {
        referralId: "MAYA10",
        timestamp: now,
        source: "url",
        referrerUrl: "https://instagram.com/",
        utmSource: "instagram",
        utmMedium: "story",
        utmCampaign: "launch",
        utmTerm: "cgm",
        utmContent: "reel",
      },
    });
  });

  it("falls back to the tracking service's referral, then the stored one", () => {
    const none = new URLSearchParams();
    expect(resolveReferral({ search: none, trackingReferral: "TRACK1", stored, now }).referral?.referralId).toBe("TRACK1");
    expect(resolveReferral({ search: none, trackingReferral: "TRACK1", stored, now }).referral?.source).toBe("tracking");
    expect(resolveReferral({ search: none, stored, now })).toEqual({ isNew: false, referral: stored });
    expect(resolveReferral({ search: none, now })).toEqual({ isNew: false, referral: null });
  });

  it("ignores an implausible via value and keeps the stored referral", () => {
    const search = new URLSearchParams("via=%3Cscript%3E");
    expect(resolveReferral({ search, stored, now }).referral?.referralId).toBe("STORED1");
  });
});

describe("stored referral", () => {
  it("expires after 60 days and ignores foreign shapes", () => {
    expect(parseStoredReferral({ ...stored, timestamp: now - REFERRAL_TTL_MS - 1 }, now)).toBeNull();
    expect(parseStoredReferral({ ...stored, timestamp: now + 60_000 }, now)).toBeNull();
    expect(parseStoredReferral({ ...stored, source: "email" }, now)).toBeNull();
    expect(parseStoredReferral({ ...stored, referralId: "x" }, now)).toBeNull();
    expect(parseStoredReferral("MAYA10", now)).toBeNull();
    expect(parseStoredReferral(null, now)).toBeNull();
    expect(parseStoredReferral({ ...stored, utmSource: 7, utmMedium: "ok" }, now)).toEqual({ ...stored, utmMedium: "ok" });
  });

  it("drops over-long or control-character UTM values", () => {
    expect(parseUtm(new URLSearchParams(`utm_source=${"x".repeat(101)}&utm_medium=a%0Ab&utm_campaign=%20ok%20`))).toEqual({
      utmCampaign: "ok",
    });
  });
});
