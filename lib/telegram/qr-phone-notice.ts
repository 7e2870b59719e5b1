// What the phone reads after opening the walkthrough's QR code (SPEC §2 Dashboard: "a QR image
// supports continuing on mobile"). The phone has no session yet: it is sent to /auth with one of
// these, so it says what happens next instead of a bare log-in form.

/** The query parameter /auth reads them from. */
export const QR_PHONE_PARAM = "qr";

export const QR_PHONE_NOTICES = {
  /** The code was good: a one-time sign-in link is on its way to the member's address. */
  sent: { title: "Check your email on this phone", text: "We emailed you a sign-in link: open it on this phone." },
  /** The code had lapsed (15 minutes) or was never issued. */
  expired: { title: "This code has expired", text: "This code has expired. Show a new one on your computer and scan it again." },
} as const;

export type QrPhoneNotice = keyof typeof QR_PHONE_NOTICES;

/** The notice named by /auth's `qr` parameter, or null for anything else. */
export function parseQrPhoneNotice(value: string | undefined): QrPhoneNotice | null {
  return value === "sent" || value === "expired" ? value : null;
}

/** Where the phone goes: /auth with the notice, and for a good code the walkthrough step to go on to once signed in. */
export function qrPhonePath(notice: QrPhoneNotice, next?: string): string {
  const query = new URLSearchParams(next ? { next, [QR_PHONE_PARAM]: notice } : { [QR_PHONE_PARAM]: notice });
  return `/auth?${query.toString()}`;
}
