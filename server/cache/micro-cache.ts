import "server-only";
import { serverEnv } from "../env";

type Entry<V> = { at: number; value: Promise<V> };

/**
 * A public read shared by everyone who asks for the same key within COHORT_LIST_CACHE_MS (1 s) on
 * this instance: one database read however many visitors ask at once. At most `maxKeys` keys are
 * kept; a flood of made-up keys only ever empties the cache, never grows it past that. A failed
 * read is not kept, so the next request tries again. With the setting at 0 every call reads.
 */
export function microCache<V>(read: (key: string) => Promise<V>, maxKeys: number): (key: string, now?: number) => Promise<V> {
  const entries = new Map<string, Entry<V>>();
  return (key, now = Date.now()) => {
    const ttl = serverEnv().COHORT_LIST_CACHE_MS;
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
}
