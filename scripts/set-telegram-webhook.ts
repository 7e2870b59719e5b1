// npm run telegram:webhook - registers the coach bot's webhook with Telegram (D15): updates go to
// {NEXT_PUBLIC_SITE_URL}/api/telegram/webhook with TELEGRAM_WEBHOOK_SECRET in their secret header.
import nextEnv from "@next/env";
import { Bot } from "grammy";

nextEnv.loadEnvConfig(process.cwd(), false, { info: () => {}, error: console.error });
const token = process.env.TELEGRAM_BOT_TOKEN;
const secret = process.env.TELEGRAM_WEBHOOK_SECRET;
const site = (process.env.NEXT_PUBLIC_SITE_URL ?? "").replace(/\/+$/, "");
const apiRoot = (process.env.TELEGRAM_API_URL ?? "https://api.telegram.org").replace(/\/+$/, "");
if (!token || !secret || !site) {
  console.error("TELEGRAM_BOT_TOKEN, TELEGRAM_WEBHOOK_SECRET and NEXT_PUBLIC_SITE_URL must be set.");
  process.exit(1);
}
const bot = new Bot(token, { client: { apiRoot } });
const me = await bot.api.getMe();
await bot.api.setWebhook(`${site}/api/telegram/webhook`, { secret_token: secret, allowed_updates: ["message"] });
console.log(`@${me.username}: webhook set to ${site}/api/telegram/webhook`);
