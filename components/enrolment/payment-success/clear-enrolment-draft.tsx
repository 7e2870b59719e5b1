"use client";

import { useEffect } from "react";
import { clearEnrolmentDraft } from "@/components/enrolment/draft/use-enrolment-draft";

/** The payment went through (confirmation pending): the enrolment draft is done with. */
export function ClearEnrolmentDraft() {
  useEffect(() => clearEnrolmentDraft(), []);
  return null;
}
