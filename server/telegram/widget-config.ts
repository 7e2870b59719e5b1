import "server-only";
import { serverEnv } from "../env";

const TELEGRAM_API_HOST = "api.telegram.org";

/** Where the login widget script comes from: Telegram's own, or the stand-in's while the Bot API is local. */
export function telegramWidgetConfig(): { scriptUrl: string; botUsername: string; directLink: string } {
  const env = serverEnv();
  const api = new URL(env.TELEGRAM_API_URL);
  const scriptUrl =
    api.hostname === TELEGRAM_API_HOST ? "https://telegram.org/js/telegram-widget.js?22" : `${api.origin}/js/telegram-widget.js`;
  return {
    scriptUrl,
    botUsername: env.TELEGRAM_BOT_USERNAME,
    directLink: `${env.TELEGRAM_LINK_URL.replace(/\/+$/, "")}/${env.TELEGRAM_BOT_USERNAME}`,
  };
}
