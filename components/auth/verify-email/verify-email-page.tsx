import { Suspense } from "react";
import type { Metadata } from "next";
import { pageMetadata } from "@/lib/page-metadata";
import { VerifyEmail } from "./verify-email";
import { VerifyEmailChecking } from "./verify-email-checking";

/** Metadata for the set-up link's pages: out of search results, and no Referer carrying the token away. */
export function verifyEmailMetadata(path: "/verify" | "/verify-email"): Metadata {
  return {
    ...pageMetadata({
      title: "Set up your account",
      description: "Finish setting up your Glucose Challenge account after your purchase.",
      path,
      noindex: true,
    }),
    referrer: "no-referrer",
  };
}

/** The page body: the client part reads the link's query, so it renders inside Suspense. */
export function VerifyEmailPage() {
  return (
    <Suspense fallback={<VerifyEmailChecking />}>
      <VerifyEmail />
    </Suspense>
  );
}
