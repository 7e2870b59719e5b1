import "server-only";

type Entry<V> = { at: number; value: Promise<V> };

type MicroCacheOptions = {
  /** How long a read is shared (ms), asked on each call so a setting can change it; 0 reads every time. */
  ttlMs: () => number;
  /** The most keys kept: a flood of made-up keys only ever empties the cache, never grows it past this. */
  maxKeys: number;
};

/** A shared read, and `forget()`: the next call reads again (this instance just changed what it reads). */
export type MicroCached<V> = ((key: string, now?: number) => Promise<V>) & { forget: () => void };

/**
 * A public read shared by everyone who asks for the same key within `ttlMs` on this instance: one
 * database read however many visitors ask at once. A failed read is not kept, so the next request
 * tries again.
 */
export function microCache<V>(read: (key: string) => Promise<V>, { ttlMs, maxKeys }: MicroCacheOptions): MicroCached<V> {
  const entries = new Map<string, Entry<V>>();
  const shared = (key: string, now = Date.now()) => {
    const ttl = ttlMs();
    if (ttl === 0) return read(key);
    const cached = entries.get(key);
    if (cached && now - cached.at < ttl) return cached.value;
    const value = read(key);
    if (entries.size >= maxKeys) entries.clear();
    entries.set(key, { at: now, value });
    value.catch(() => {
      if (entries.get(key)?.value === value) entries.delete(key);
    });
    return value;
  };
  return Object.assign(shared, { forget: () => entries.clear() });
}
