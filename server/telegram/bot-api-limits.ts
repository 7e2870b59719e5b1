import "server-only";
import { autoRetry } from "@grammyjs/auto-retry";
import { apiThrottler } from "@grammyjs/transformer-throttler";
import type { Api } from "grammy";

// Telegram's flood limits, respected by the bot's own calls: about 30 messages a second across all
// chats, and about one a second in one chat after a short burst. The throttler queues the process's
// calls under the first; a 429 that still comes (several processes sending at once, a chat's burst
// too long, Telegram's own judgement) is waited out and tried again when its retry_after is short.
// Each process throttles its own calls: with several worker processes the sum can pass the limit,
// and their 429s are waited out too.

/** Calls a second the process sends across all chats: one each 35 ms, about 29 a second. */
export const BOT_SENDS_PER_SECOND = 29;

/**
 * A 429 whose retry_after is at most `maxDelaySeconds` is waited out and the call made again, up to
 * `maxRetryAttempts` times; a longer one fails the call, and its job is retried by the engine later.
 * With each call bounded by BOT_API_TIMEOUT_SECONDS (10 s), one call takes at most about 2 × 5 s
 * waiting plus its last attempt's 10 s: well within the telegram-message and telegram-update jobs'
 * 60 s, even for an update answered with two replies.
 */
export const BOT_API_RETRY = { maxDelaySeconds: 5, maxRetryAttempts: 2 } as const;

/** Puts the throttler and the retry of 429s on the bot's API (the retry outermost, so a retried call is throttled again). */
export function respectTelegramLimits(api: Api): void {
  // The transformer installed last runs first: the retry wraps the throttler.
  api.config.use(
    apiThrottler({
      global: { minTime: Math.ceil(1000 / BOT_SENDS_PER_SECOND) },
      // One private chat: one call at a time, so its messages arrive in order. Not a second apart
      // (the plugin's default): Telegram lets a chat take a short burst, and the bot sends one a
      // few at most (a reply or two, the programme's message); a longer one is answered 429 and
      // waited out. A chat's limiter goes a minute after its last call (the plugin keeps it five
      // minutes: a morning of 10,000 chats would hold some 60 MB of them). Groups keep the
      // plugin's 20 a minute.
      out: { maxConcurrent: 1, minTime: 0, timeout: 60_000 },
    }),
  );
  api.config.use(
    autoRetry({
      ...BOT_API_RETRY,
      // A network error, a timeout or Telegram's 5xx fails the call at once: the job engine retries
      // it with its own backoff, and a hanging Telegram never holds a worker past the call's timeout.
      rethrowHttpErrors: true,
      rethrowInternalServerErrors: true,
    }),
  );
}
