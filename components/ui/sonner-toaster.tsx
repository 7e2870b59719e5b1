"use client";

import * as React from "react";
import { toast, Toaster as Sonner, type ToasterProps } from "sonner";
import { receiveToasts } from "./sonner";

// sonner's default light-theme "rich" text colours sit just under 4.5:1 on their own backgrounds
// (warning is ~3:1). These darker shades keep the same hues and reach WCAG AA (>= 5.5:1).
const accessibleRichColors = {
  "--success-text": "hsl(140, 100%, 22%)",
  "--info-text": "hsl(210, 92%, 38%)",
  "--warning-text": "hsl(31, 92%, 32%)",
  "--error-text": "hsl(360, 100%, 38%)",
} as React.CSSProperties;

/** The toasts' region, styled for the app; pages mount it through `Toaster` in ./sonner. */
function SonnerToaster({ theme = "light", style, ...props }: ToasterProps) {
  React.useEffect(() => receiveToasts(({ kind, args }) => toast[kind](...args)), []);
  return (
    <Sonner
      theme={theme}
      position="top-right"
      richColors
      closeButton
      style={{
        // sonner hard-codes a system font stack; use the app's font instead.
        fontFamily: "inherit",
        ...(theme === "light" ? accessibleRichColors : undefined),
        ...style,
      }}
      {...props}
    />
  );
}

export { SonnerToaster };
