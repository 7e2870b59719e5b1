// Telegram's flood limits as the stand-in enforces them: about 30 messages a second per bot across
// all its chats, and about one a second in one chat with short bursts allowed. A sending call over a
// limit is answered as Telegram answers it: 429 with parameters.retry_after (whole seconds).

export type FloodLimits = {
  /** Messages a second the bot may send across all its chats; up to this many at once. */
  perSecond: number;
  /** One chat: up to `burst` messages at once, then `perSecond` a second. */
  perChat: { burst: number; perSecond: number };
};

/**
 * The stand-in's defaults. Telegram's per-chat limit is about one a second with short bursts, their
 * length unpublished: the stand-in is generous and lets a chat take 20 at once, so a test that drives
 * a member's two weeks of messages through in seconds is not refused, while a bot that floods one
 * chat is.
 */
export const TELEGRAM_FLOOD_LIMITS: FloodLimits = { perSecond: 30, perChat: { burst: 20, perSecond: 1 } };

/** The Bot API methods that send a message to a chat (sendChatAction does not). */
export function isSendingMethod(method: string): boolean {
  const name = method.toLowerCase();
  return (name.startsWith("send") && name !== "sendchataction") || name === "copymessage" || name === "forwardmessage";
}

/** A token bucket: `capacity` at once, refilled at `perSecond`. */
class Bucket {
  private tokens: number;
  private at: number;

  constructor(
    private readonly capacity: number,
    private readonly perSecond: number,
    now: number,
  ) {
    this.tokens = capacity;
    this.at = now;
  }

  private refill(now: number): void {
    this.tokens = Math.min(this.capacity, this.tokens + ((now - this.at) / 1000) * this.perSecond);
    this.at = now;
  }

  /** Seconds until one token is there (0: there is one now). */
  wait(now: number): number {
    this.refill(now);
    return this.tokens >= 1 ? 0 : (1 - this.tokens) / this.perSecond;
  }

  take(): void {
    this.tokens -= 1;
  }

  full(now: number): boolean {
    this.refill(now);
    return this.tokens >= this.capacity;
  }
}

export type FloodCounts = {
  /** Sending calls let through (answered by the Bot API, whatever it answered). */
  accepted: number;
  /** Sending calls answered 429. */
  refused: number;
  /** When the first and the last call were let through (ms since the epoch). */
  firstAcceptedAt: number | null;
  lastAcceptedAt: number | null;
  /** The most calls let through within any one second (a sliding window). */
  busiestSecond: number;
};

/** The bot's flood limits over time; `limits` null counts the calls and refuses none. */
export class FloodLimiter {
  private readonly global: Bucket | null;
  private readonly chats = new Map<number, Bucket>();
  private readonly lastSecond: number[] = [];
  private sweptAt = 0;
  private counts: FloodCounts = { accepted: 0, refused: 0, firstAcceptedAt: null, lastAcceptedAt: null, busiestSecond: 0 };

  constructor(
    private readonly limits: FloodLimits | null,
    private readonly now: () => number = Date.now,
  ) {
    this.global = limits ? new Bucket(limits.perSecond, limits.perSecond, now()) : null;
  }

  /** A sending call to a chat: null when it may go through (and it is counted), else the retry_after to answer. */
  admit(chatId: number): number | null {
    const now = this.now();
    if (this.limits && this.global) {
      let chat = this.chats.get(chatId);
      if (!chat) {
        if (this.chats.size >= 10_000 && now - this.sweptAt >= 1000) this.forgetIdleChats(now);
        chat = new Bucket(this.limits.perChat.burst, this.limits.perChat.perSecond, now);
        this.chats.set(chatId, chat);
      }
      const wait = Math.max(this.global.wait(now), chat.wait(now));
      if (wait > 0) {
        this.counts.refused += 1;
        return Math.max(1, Math.ceil(wait));
      }
      this.global.take();
      chat.take();
    }
    this.count(now);
    return null;
  }

  private count(now: number): void {
    this.counts.accepted += 1;
    this.counts.firstAcceptedAt ??= now;
    this.counts.lastAcceptedAt = now;
    this.lastSecond.push(now);
    while ((this.lastSecond[0] ?? now) <= now - 1000) this.lastSecond.shift();
    this.counts.busiestSecond = Math.max(this.counts.busiestSecond, this.lastSecond.length);
  }

  /** A chat whose bucket is full again is as if it had never sent: its bucket goes. */
  private forgetIdleChats(now: number): void {
    this.sweptAt = now;
    for (const [chatId, bucket] of this.chats) if (bucket.full(now)) this.chats.delete(chatId);
  }

  snapshot(): FloodCounts {
    return { ...this.counts };
  }
}

/** Telegram's answer to a call over a flood limit. */
export function tooManyRequests(retryAfter: number) {
  return {
    ok: false,
    error_code: 429,
    description: `Too Many Requests: retry after ${retryAfter}`,
    parameters: { retry_after: retryAfter },
  };
}
