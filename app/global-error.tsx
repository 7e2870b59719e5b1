"use client";

import { ApplicationError } from "@/components/errors/application-error";
import "./globals.css";

export default function GlobalError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <html lang="en">
      <body className="font-sans">
        <ApplicationError {...props} />
      </body>
    </html>
  );
}
