// npm run telegram:webhook [-- --local] - registers the coach bot's webhook with Telegram (D15): updates
// go to {NEXT_PUBLIC_SITE_URL}/api/telegram/webhook with TELEGRAM_WEBHOOK_SECRET in their secret
// header. It refuses the embedded stack's values (which the committed .env holds) unless run with
// --local, for the embedded stack's Telegram stand-in. Compiled by `npm run build` into
// .next/telegram-webhook.mjs (`npm run telegram:webhook:production`), for a host without tsx.
import { Bot } from "grammy";
import { commandArguments, loadEnvFiles } from "./command-line";
import { webhookSettings } from "./telegram-webhook-settings";

const USAGE = "usage: npm run telegram:webhook [-- --local]";

const { local } = commandArguments((argv) => {
  const unknown = argv.filter((arg) => arg !== "--local");
  if (unknown.length > 0) throw new Error(`unknown argument: ${unknown.join(" ")}`);
  return { local: argv.includes("--local") };
}, USAGE);

loadEnvFiles();
const result = webhookSettings(process.env, { local });
if (!result.ok) {
  console.error(
    `Refusing to register the Telegram webhook:\n${result.problems.map((problem) => `- ${problem}`).join("\n")}\n` +
      "Set the production values in the environment (run with --local only for the embedded stack).",
  );
  process.exit(1);
}

const { token, secret, apiRoot, webhookUrl } = result.settings;
const bot = new Bot(token, { client: { apiRoot } });
try {
  const me = await bot.api.getMe();
  await bot.api.setWebhook(webhookUrl, { secret_token: secret, allowed_updates: ["message"] });
  console.log(`@${me.username}: webhook set to ${webhookUrl}`);
} catch (error) {
  console.error(`Could not register the webhook at ${apiRoot}: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
}
