import "server-only";
import { serverEnv } from "../env";
import { microCache, type MicroCached } from "./micro-cache";

/**
 * A public read (the cohort list, one cohort, the pledge count) shared by this instance for
 * PUBLIC_READ_CACHE_MS (1 s by default; 0 reads every time), keeping at most `maxKeys` keys.
 */
export function publicRead<V>(read: (key: string) => Promise<V>, maxKeys: number): MicroCached<V> {
  return microCache(read, { ttlMs: () => serverEnv().PUBLIC_READ_CACHE_MS, maxKeys });
}
