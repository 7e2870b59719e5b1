"use client";

import { readWidgetState } from "@/components/assistant/stored-widget-state";
import { readJson } from "@/components/storage/browser-storage";
import { checkoutQuestionnaire, type CheckoutQuestionnaire } from "@/lib/enrolment/checkout-request";
import { parseStoredReferral, type StoredReferral } from "@/lib/referrals/referral-capture-rules";
import { storageKeys } from "@/lib/storage-keys";

/** SPEC §3 Payment page state: the widget's questionnaire and the stored referral, read at pay time. */
export function storedCheckoutContext(now: number): { questionnaire: CheckoutQuestionnaire | null; referral: StoredReferral | null } {
  const widget = readWidgetState();
  return {
    questionnaire: checkoutQuestionnaire(widget.answers, widget.result),
    referral: parseStoredReferral(readJson(storageKeys.referral), now),
  };
}
