// Text a visitor or operator typed, as a LIKE / ILIKE pattern: its wildcards (% and _) and the
// escape character taken literally, so a search for "a_b" finds "a_b" and not "axb".

/** `value` as the start of a text. */
export function likePrefix(value: string): string {
  return `${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `value` anywhere in a text. */
export function likeContains(value: string): string {
  return `%${likePrefix(value)}`;
}
