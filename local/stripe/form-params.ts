import { invalidParam } from "./stripe-error";

/** A decoded request parameter: Stripe's bracket notation nests strings into hashes and arrays. */
export type ParamValue = string | ParamValue[] | ParamHash;
export type ParamHash = { [key: string]: ParamValue };

type Node = string | Map<string, Node>;

const MAX_DEPTH = 8;

/** `line_items[0][price_data][currency]` → ["line_items", "0", "price_data", "currency"]; null when malformed. */
function splitKey(key: string): string[] | null {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!match) return null;
  const segments = [match[1] ?? ""];
  for (const inner of (match[2] ?? "").matchAll(/\[([^[\]]*)\]/g)) segments.push(inner[1] ?? "");
  return segments.length > MAX_DEPTH ? null : segments;
}

function insert(tree: Map<string, Node>, segments: string[], value: string, key: string): void {
  let node = tree;
  for (let i = 0; i < segments.length; i++) {
    let segment = segments[i] ?? "";
    // `expand[]=a&expand[]=b`: an empty index appends, as Rack and qs do.
    if (segment === "") segment = String(node.size);
    const last = i === segments.length - 1;
    const existing = node.get(segment);
    if (last) {
      if (existing instanceof Map) throw invalidParam(key, `Invalid hash: ${key}`);
      node.set(segment, value);
      return;
    }
    if (typeof existing === "string") {
      // `metadata=` (stripe-node's encoding of null) followed by `metadata[k]=v` keeps the hash.
      if (existing !== "") throw invalidParam(key, `Invalid string: ${key}`);
    }
    if (existing instanceof Map) node = existing;
    else {
      const child = new Map<string, Node>();
      node.set(segment, child);
      node = child;
    }
  }
}

/** Hashes whose keys are all indices become arrays, in index order (gaps close up). */
function freeze(node: Node): ParamValue {
  if (typeof node === "string") return node;
  const keys = [...node.keys()];
  if (keys.length > 0 && keys.every((k) => /^\d+$/.test(k))) {
    return keys.sort((a, b) => Number(a) - Number(b)).map((k) => freeze(node.get(k) ?? ""));
  }
  // fromEntries defines own properties, so a `__proto__` parameter stays an ordinary (unknown) key.
  return Object.fromEntries(keys.map((k) => [k, freeze(node.get(k) ?? "")]));
}

/** Parses an `application/x-www-form-urlencoded` body or query string in Stripe's bracket notation. */
export function parseForm(text: string): ParamHash {
  const tree = new Map<string, Node>();
  for (const [key, value] of new URLSearchParams(text)) {
    const segments = splitKey(key);
    if (!segments) throw invalidParam(key, `Invalid parameter name: ${key}`);
    insert(tree, segments, value, key);
  }
  const frozen = freeze(tree);
  if (typeof frozen === "string") return {};
  return Array.isArray(frozen) ? Object.fromEntries(frozen.map((value, i) => [String(i), value])) : frozen;
}

/** Order-independent JSON of parsed parameters, so idempotent retries compare by meaning rather than by byte order. */
export function canonicalParams(value: ParamValue): string {
  if (typeof value === "string") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalParams).join(",")}]`;
  const keys = Object.keys(value).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalParams(value[k] ?? "")}`).join(",")}}`;
}
