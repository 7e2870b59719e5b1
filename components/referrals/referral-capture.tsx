"use client";

import { useEffect } from "react";
import { readJson, writeJson } from "@/components/storage/browser-storage";
import { REFERRAL_TTL_MS, resolveReferral } from "@/lib/referrals/referral-capture-rules";
import { storageKeys } from "@/lib/storage-keys";
import { recordReferralVisit } from "./record-visit";

// A referral-tracking script, when one is on the page, exposes the visitor's referral here.
type TrackingWindow = Window & { Rewardful?: { referral?: unknown } };

/**
 * Remembers the referral a visitor arrived with (`?via=CODE&utm_source=...` on any page) for 60
 * days, in localStorage and a first-party cookie (D5), and has the server count the visit. Renders nothing.
 */
export function ReferralCapture() {
  useEffect(() => {
    const { referral, isNew } = resolveReferral({
      search: new URLSearchParams(window.location.search),
      trackingReferral: (window as TrackingWindow).Rewardful?.referral,
      stored: readJson(storageKeys.referral),
      referrerUrl: document.referrer || null,
      now: Date.now(),
    });
    if (!referral || !isNew) return;
    if (referral.source === "url") recordReferralVisit(referral.referralId);
    writeJson(storageKeys.referral, referral);
    const secure = window.location.protocol === "https:" ? "; Secure" : "";
    document.cookie = `${storageKeys.referral}=${encodeURIComponent(referral.referralId)}; Max-Age=${REFERRAL_TTL_MS / 1000}; Path=/; SameSite=Lax${secure}`;
  }, []);
  return null;
}
