import type { ReactNode } from "react";

// The bare Next.js floor: the least JavaScript any App Router page can ship.
export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
