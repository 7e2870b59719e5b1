import { Spinner } from "@/components/ui/spinner";

/** Where the QR code goes while it is drawn, and while its code loads. */
export function QrCodeSpinner() {
  return <Spinner className="size-8 text-primary" label="Drawing the QR code" />;
}
