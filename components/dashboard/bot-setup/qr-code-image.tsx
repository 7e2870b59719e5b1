"use client";

import Image from "next/image";
import { toDataURL } from "qrcode";
import { useEffect, useState } from "react";
import { QrCodeSpinner } from "./qr-code-spinner";

// SPEC §2 and §9: a QR image of 192 px with error-correction level M. The walkthrough loads this
// module (and qrcode with it) only when the QR is shown.
export const QR_SIZE_PX = 192;

export function QrCodeImage({ value, label, onError }: { value: string; label: string; onError: () => void }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    toDataURL(value, { errorCorrectionLevel: "M", width: QR_SIZE_PX, margin: 1 })
      .then((url) => {
        if (!cancelled) setSrc(url);
      })
      .catch(() => {
        if (!cancelled) onError();
      });
    return () => {
      cancelled = true;
    };
  }, [value, onError]);
  if (!src) return <QrCodeSpinner />;
  return (
    <span className="inline-block w-fit rounded-md border bg-white p-2">
      {/* A data URL drawn in the browser: nothing for the optimiser to do. */}
      <Image unoptimized src={src} width={QR_SIZE_PX} height={QR_SIZE_PX} alt={label} className="block size-48" />
    </span>
  );
}
