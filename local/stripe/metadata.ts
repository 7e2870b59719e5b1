export type Metadata = Record<string, string>;
/** A metadata update: null clears every key; a null value removes that key (stripe-node sends both as ""). */
export type MetadataPatch = Record<string, string | null> | null;

/** Applies a metadata patch the way Stripe's update endpoints do. */
export function mergeMetadata(current: Metadata, patch: MetadataPatch | undefined): Metadata {
  if (patch === undefined) return current;
  if (patch === null) return {};
  const next: Metadata = { ...current };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete next[key];
    else next[key] = value;
  }
  return next;
}

/** Metadata as given on create (empty values dropped). */
export function metadataOf(patch: MetadataPatch | undefined): Metadata {
  return mergeMetadata({}, patch);
}

/** `previous_attributes.metadata` as Stripe reports it: the old value (null if new) of every changed key; null if none. */
export function metadataChanges(before: Metadata, after: Metadata): Record<string, string | null> | null {
  const changes: Record<string, string | null> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (before[key] !== after[key]) changes[key] = before[key] ?? null;
  }
  return Object.keys(changes).length ? changes : null;
}
