import { createHash } from "node:crypto";
import type { CardDetails } from "./stripe-objects";

export type CardForm = { number: string; exp: string; cvc: string };
export type CardField = "email" | "number" | "exp" | "cvc";
/** A card the form refused (`invalid`, nothing charged) or the issuer declined (`declined`). */
export type CardProblem = { kind: "invalid" | "declined"; code: string; declineCode?: string; message: string; field: CardField };
export type CardCheck = { ok: true; card: CardDetails } | ({ ok: false } & CardProblem);

/** Stripe's test card numbers that fail, and how. Any other number that passes the Luhn check succeeds. */
const DECLINES: Record<string, Omit<CardProblem, "kind" | "field"> & { field?: CardField }> = {
  "4000000000000002": { code: "card_declined", declineCode: "generic_decline", message: "Your card was declined." },
  "4000000000009995": { code: "card_declined", declineCode: "insufficient_funds", message: "Your card has insufficient funds." },
  "4000000000009987": { code: "card_declined", declineCode: "lost_card", message: "Your card was declined." },
  "4000000000009979": { code: "card_declined", declineCode: "stolen_card", message: "Your card was declined." },
  "4000000000000069": { code: "expired_card", declineCode: "expired_card", message: "Your card has expired.", field: "exp" },
  "4000000000000127": {
    code: "incorrect_cvc",
    declineCode: "incorrect_cvc",
    message: "Your card's security code is incorrect.",
    field: "cvc",
  },
  "4000000000000119": {
    code: "processing_error",
    declineCode: "processing_error",
    message: "An error occurred while processing your card. Try again in a little bit.",
  },
};

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return "visa";
  if (/^(5[1-5]|2[2-7])/.test(digits)) return "mastercard";
  if (/^3[47]/.test(digits)) return "amex";
  if (/^(6011|65|64[4-9])/.test(digits)) return "discover";
  if (/^3(0[0-5]|[689])/.test(digits)) return "diners";
  if (/^35/.test(digits)) return "jcb";
  if (/^62/.test(digits)) return "unionpay";
  return "unknown";
}

const invalid = (field: CardField, code: string, message: string): CardCheck => ({ ok: false, kind: "invalid", field, code, message });

/** "MM / YY", "MM/YY", "MM/YYYY" or "MMYY" → month and four-digit year; null when incomplete. */
function parseExpiry(text: string): { month: number; year: number } | null {
  const match = /^(\d{1,2})\s*\/?\s*(\d{2}|\d{4})$/.exec(text.trim());
  if (!match) return null;
  const year = Number(match[2]);
  return { month: Number(match[1]), year: year < 100 ? 2000 + year : year };
}

/** Checks a card as Checkout's form and Stripe's test mode do, then applies the test card's outcome. */
export function checkCard(form: CardForm, nowMs: number): CardCheck {
  const digits = form.number.replace(/[\s-]/g, "");
  if (digits === "") return invalid("number", "incomplete_number", "Your card number is incomplete.");
  if (!/^\d+$/.test(digits) || digits.length > 19) return invalid("number", "invalid_number", "Your card number is invalid.");
  if (digits.length < 13) return invalid("number", "incomplete_number", "Your card number is incomplete.");
  if (!luhnValid(digits)) return invalid("number", "invalid_number", "Your card number is invalid.");
  const expiry = parseExpiry(form.exp);
  if (!expiry) return invalid("exp", "incomplete_expiry", "Your card's expiration date is incomplete.");
  if (expiry.month < 1 || expiry.month > 12) return invalid("exp", "invalid_expiry_month", "Your card's expiration month is invalid.");
  const now = new Date(nowMs);
  const year = now.getUTCFullYear();
  if (expiry.year < year) return invalid("exp", "invalid_expiry_year_past", "Your card's expiration year is in the past.");
  if (expiry.year === year && expiry.month < now.getUTCMonth() + 1) {
    return invalid("exp", "invalid_expiry_month_past", "Your card's expiration date is in the past.");
  }
  if (expiry.year > year + 50) return invalid("exp", "invalid_expiry_year", "Your card's expiration year is invalid.");
  const brand = cardBrand(digits);
  const cvc = form.cvc.trim();
  if (!/^\d{3,4}$/.test(cvc) || (brand === "amex" && cvc.length !== 4)) {
    return invalid("cvc", "incomplete_cvc", "Your card's security code is incomplete.");
  }
  const decline = DECLINES[digits];
  if (decline) return { ok: false, kind: "declined", field: decline.field ?? "number", ...decline };
  const fingerprint = createHash("sha256").update(digits).digest("base64url").slice(0, 16);
  return { ok: true, card: { brand, last4: digits.slice(-4), expMonth: expiry.month, expYear: expiry.year, fingerprint } };
}

export function emailProblem(email: string): CardProblem | null {
  if (email.trim() === "")
    return { kind: "invalid", field: "email", code: "incomplete_email", message: "Your email address is incomplete." };
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) {
    return { kind: "invalid", field: "email", code: "invalid_email", message: "Your email address is invalid." };
  }
  return null;
}
