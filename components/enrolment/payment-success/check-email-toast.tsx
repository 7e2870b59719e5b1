"use client";

import { useEffect, useRef } from "react";
import { clearEnrolmentDraft } from "@/components/enrolment/draft/use-enrolment-draft";
import { toast } from "@/components/ui/sonner";
import { CHECK_EMAIL_FOR_PASSWORD } from "@/lib/enrolment/enrolment-messages";

/** On a confirmed payment: the spec's toast, once, and the enrolment draft is done with. */
export function CheckEmailToast() {
  const shown = useRef(false);
  useEffect(() => {
    if (shown.current) return;
    shown.current = true;
    clearEnrolmentDraft();
    toast.success(CHECK_EMAIL_FOR_PASSWORD, { id: "check-email-for-password" });
  }, []);
  return null;
}
