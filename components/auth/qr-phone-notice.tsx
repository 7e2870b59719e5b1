import { MailCheck, TimerOff } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { QR_PHONE_NOTICES, type QrPhoneNotice as Notice } from "@/lib/telegram/qr-phone-notice";

/** /auth on the phone that opened the dashboard's QR code: the sign-in link it was sent, or a lapsed code. */
export function QrPhoneNotice({ notice }: { notice: Notice }) {
  const { title, text } = QR_PHONE_NOTICES[notice];
  const Icon = notice === "sent" ? MailCheck : TimerOff;
  return (
    <Alert role="status" data-testid="qr-phone-notice">
      <Icon aria-hidden="true" />
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription>
        <p>{text}</p>
      </AlertDescription>
    </Alert>
  );
}
