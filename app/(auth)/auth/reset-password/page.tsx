import { ResetPasswordForm } from "@/components/auth/reset-password-form";
import { nextPathParam, type SearchParams } from "@/lib/search-params";
import { pageMetadata } from "@/lib/page-metadata";

export const metadata = pageMetadata({
  title: "Set a new password",
  description: "Choose a new password for your Glucose Challenge account.",
  path: "/auth/reset-password",
  noindex: true,
});

export default async function ResetPasswordPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  return <ResetPasswordForm next={nextPathParam(await searchParams)} />;
}
