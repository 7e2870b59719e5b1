import type { Metadata, Viewport } from "next";
import { ReferralCapture } from "@/components/referrals/referral-capture";
import { WebVitalsReporter } from "@/components/vitals/web-vitals-reporter";
import { inter } from "./fonts";
import { site } from "@/lib/site";
import "./globals.css";

export const metadata: Metadata = {
  metadataBase: new URL(site.url),
  title: { default: site.name, template: `%s · ${site.name}` },
  description: site.description,
  applicationName: site.name,
  openGraph: { type: "website", siteName: site.name, locale: "en_US" },
  twitter: { card: "summary_large_image" },
};

export const viewport: Viewport = {
  themeColor: "#0f766e",
  width: "device-width",
  initialScale: 1,
};

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en" className={inter.variable} data-scroll-behavior="smooth">
      <body className="min-h-dvh font-sans">
        {children}
        <ReferralCapture />
        <WebVitalsReporter />
      </body>
    </html>
  );
}
