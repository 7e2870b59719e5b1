import "server-only";

/**
 * A bounded least-recently-used cache of values made on demand: at most `maxEntries` are kept, the
 * one used longest ago going first. Callers asking for a key being made share that one making; a
 * failed making is not kept, so the next caller tries again.
 */
export function lruCache<V>(maxEntries: number): (key: string, make: () => Promise<V>) => Promise<V> {
  const entries = new Map<string, Promise<V>>();
  return (key, make) => {
    const cached = entries.get(key);
    if (cached) {
      // Map keeps insertion order: moved to the end, it is the most recently used.
      entries.delete(key);
      entries.set(key, cached);
      return cached;
    }
    const value = make();
    entries.set(key, value);
    if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    value.catch(() => {
      if (entries.get(key) === value) entries.delete(key);
    });
    return value;
  };
}
