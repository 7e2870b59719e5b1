import { headers } from "next/headers";
import { TelegramLoginWidget } from "@/components/telegram/telegram-login-widget";
import { pageMetadata } from "@/lib/page-metadata";
import { telegramWidgetConfig } from "@/server/telegram/widget-config";

// SPEC §2 widget test page: not in navigation, so it stays out of search too.
export const metadata = pageMetadata({
  title: "Telegram login test",
  description:
    "An internal page of the Glucose Challenge website that checks the Telegram login widget. It is not part of the programme and is not linked.",
  path: "/telegram-widget-test",
  noindex: true,
});

/** The nonce proxy.ts put in this request's Content-Security-Policy: the widget script carries it. */
async function scriptNonce(): Promise<string | undefined> {
  const policy = (await headers()).get("content-security-policy") ?? "";
  return /'nonce-([^']+)'/.exec(policy)?.[1];
}

export default async function TelegramWidgetTestPage() {
  // The nonce first: reading the request makes the page render per request, so the server's
  // configuration is read at run time and the build needs none of it.
  const nonce = await scriptNonce();
  const config = telegramWidgetConfig();
  return (
    <section aria-labelledby="widget-title" className="mx-auto max-w-3xl px-4 py-20 md:px-6 lg:px-8">
      <h1 id="widget-title" className="text-3xl font-bold tracking-tight">
        Telegram login test
      </h1>
      <p className="mt-4 text-muted-foreground">Log in with Telegram to check the widget and the server&apos;s signature check.</p>
      <TelegramLoginWidget {...config} nonce={nonce} />
    </section>
  );
}
