"use client";

import { useEffect, useState } from "react";
import { PAYMENT_SESSION_SECONDS, secondsLeft } from "@/lib/enrolment/payment-countdown";

/** Seconds left of the payment step's own session, counted from the step opening (SPEC §4). */
export function usePaymentCountdown(): number {
  const [left, setLeft] = useState(PAYMENT_SESSION_SECONDS);
  useEffect(() => {
    const startedAt = Date.now();
    const timer = window.setInterval(() => {
      const next = secondsLeft(startedAt, Date.now());
      setLeft(next);
      if (next === 0) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, []);
  return left;
}
