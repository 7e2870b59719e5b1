import { StripeError } from "./stripe-error";

export type StoredResponse = { status: number; body: string; requestId: string };
type Entry = StoredResponse & { endpoint: string; params: string; storedAt: number };

const TTL_MS = 24 * 60 * 60 * 1000;

function idempotencyError(message: string): StripeError {
  return new StripeError(400, "idempotency_error", message);
}

/**
 * Responses stored by `Idempotency-Key` for 24 hours, as Stripe keeps them: the same key with the same
 * endpoint and parameters replays the first response; anything else is an `idempotency_error`.
 */
export class IdempotencyStore {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly now: () => number) {}

  /** The stored response to replay, null for a new key; throws when the key was used differently. */
  lookup(key: string, endpoint: string, params: string): StoredResponse | null {
    if (key.length > 255) {
      throw new StripeError(400, "invalid_request_error", "Idempotency keys can be no longer than 255 characters.");
    }
    this.prune();
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (entry.endpoint !== endpoint) {
      throw idempotencyError(
        `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${entry.endpoint}' vs '${endpoint}'). Try using a key other than '${key}' if you meant to execute a different request.`,
      );
    }
    if (entry.params !== params) {
      throw idempotencyError(
        `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
      );
    }
    return entry;
  }

  save(key: string, endpoint: string, params: string, response: StoredResponse): void {
    this.entries.set(key, { ...response, endpoint, params, storedAt: this.now() });
  }

  private prune(): void {
    const cutoff = this.now() - TTL_MS;
    for (const [key, entry] of this.entries) if (entry.storedAt <= cutoff) this.entries.delete(key);
  }
}
