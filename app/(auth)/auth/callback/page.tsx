import { AuthCallback } from "@/components/auth/auth-callback";
import { parseCallbackParams } from "@/components/auth/callback-params";
import type { SearchParams } from "@/lib/search-params";
import { pageMetadata } from "@/lib/page-metadata";

export const metadata = pageMetadata({
  title: "Signing you in",
  description: "Finishing your sign-in to Glucose Challenge from an email link or Google.",
  path: "/auth/callback",
  noindex: true,
});

export default async function AuthCallbackPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  return <AuthCallback params={parseCallbackParams(await searchParams)} />;
}
