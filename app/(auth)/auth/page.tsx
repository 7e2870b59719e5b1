import { redirect } from "next/navigation";
import { AuthForm } from "@/components/auth/auth-form";
import { parseTelegramId, telegramLinkIncomplete } from "@/components/auth/pending-telegram-id";
import { firstParam, nextPathParam, type SearchParams } from "@/lib/search-params";
import { pageMetadata } from "@/lib/page-metadata";
import { currentUser } from "@/server/auth/current-user";
import { QR_PHONE_PARAM, parseQrPhoneNotice } from "@/lib/telegram/qr-phone-notice";

export const metadata = pageMetadata({
  title: "Log in or sign up",
  description: "Log in to your Glucose Challenge account, or create one with your email address or Google.",
  path: "/auth",
  noindex: true,
});

export default async function AuthPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = await searchParams;
  const next = nextPathParam(params);
  const telegramId = parseTelegramId(firstParam(params, "telegram_id"));
  // SPEC §2: a signed-in visitor goes on. With a telegram_id the form keeps it first, then moves on.
  if (!telegramId && (await currentUser())) redirect(next);
  return (
    <AuthForm
      next={next}
      telegramId={telegramId}
      telegramLinkIncomplete={telegramLinkIncomplete(firstParam(params, "telegram_id"), firstParam(params, "telegram_proof"))}
      googleFailed={firstParam(params, "error") === "google"}
      initialMode={firstParam(params, "mode") === "sign-up" ? "sign-up" : "login"}
      qrNotice={parseQrPhoneNotice(firstParam(params, QR_PHONE_PARAM))}
    />
  );
}
