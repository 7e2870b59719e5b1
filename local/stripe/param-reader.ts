import type { ParamHash, ParamValue } from "./form-params";
import type { MetadataPatch } from "./metadata";
import { invalidParam, missingParam, unknownParam } from "./stripe-error";

type Opts = { required?: boolean };
type IntOpts = Opts & { min?: number; max?: number };

const describe = (value: ParamValue) => (typeof value === "string" ? value : JSON.stringify(value));

function emptyRequired(param: string) {
  return invalidParam(
    param,
    `You passed an empty string for '${param}'. We assume empty values are an attempt to unset a parameter; however '${param}' cannot be unset. You should remove '${param}' from your request or supply a non-empty value.`,
    "parameter_invalid_empty",
  );
}

/**
 * Typed, validating access to one request's parameters. Every read is recorded so `done()` can answer
 * Stripe's `parameter_unknown` for anything the endpoint never looked at.
 */
export class ParamReader {
  constructor(
    private readonly hash: ParamHash,
    private readonly prefix = "",
    private readonly seen: Set<string> = new Set(),
  ) {}

  /** This reader's place in the request (`line_items[0]`); empty at the top level. */
  get path(): string {
    return this.prefix;
  }

  name(key: string): string {
    return this.prefix ? `${this.prefix}[${key}]` : key;
  }

  private raw(key: string): ParamValue | undefined {
    this.seen.add(this.name(key));
    return Object.hasOwn(this.hash, key) ? this.hash[key] : undefined;
  }

  has(key: string): boolean {
    return Object.hasOwn(this.hash, key);
  }

  /** True when `key` was sent as a hash (`key[gte]=...`) rather than a single value. */
  isHash(key: string): boolean {
    const value = this.hash[key];
    return value !== undefined && typeof value !== "string" && !Array.isArray(value);
  }

  /** True when the caller sent `key=` (stripe-node's encoding of null): an explicit unset. */
  unset(key: string): boolean {
    return this.hash[key] === "";
  }

  /** Parameters accepted and deliberately not modelled (they change nothing here). */
  ignore(...keys: string[]): void {
    for (const key of keys) this.seen.add(this.name(key));
  }

  str(key: string, opts: Opts & { max?: number } = {}): string | undefined {
    const value = this.raw(key);
    const param = this.name(key);
    if (value === undefined) {
      if (opts.required) throw missingParam(param);
      return undefined;
    }
    if (typeof value !== "string") throw invalidParam(param, `Invalid string: ${describe(value)}`);
    if (value === "") {
      if (opts.required) throw emptyRequired(param);
      return undefined;
    }
    if (opts.max !== undefined && value.length > opts.max) {
      throw invalidParam(param, `Invalid ${param}: must be at most ${opts.max} characters`);
    }
    return value;
  }

  int(key: string, opts: IntOpts = {}): number | undefined {
    const text = this.str(key, opts);
    if (text === undefined) return undefined;
    const param = this.name(key);
    if (!/^-?\d{1,15}$/.test(text)) throw invalidParam(param, `Invalid integer: ${text}`, "parameter_invalid_integer");
    const value = Number(text);
    if (opts.min !== undefined && value < opts.min) {
      throw invalidParam(param, `This value must be greater than or equal to ${opts.min}.`, "parameter_invalid_integer");
    }
    if (opts.max !== undefined && value > opts.max) {
      throw invalidParam(param, `This value must be less than or equal to ${opts.max}.`, "parameter_invalid_integer");
    }
    return value;
  }

  decimal(key: string, opts: IntOpts = {}): number | undefined {
    const text = this.str(key, opts);
    if (text === undefined) return undefined;
    const param = this.name(key);
    if (!/^-?\d{1,15}(\.\d{1,12})?$/.test(text)) throw invalidParam(param, `Invalid decimal: ${text}`);
    const value = Number(text);
    if ((opts.min !== undefined && value < opts.min) || (opts.max !== undefined && value > opts.max)) {
      throw invalidParam(param, `Invalid ${param}: must be between ${opts.min ?? "-∞"} and ${opts.max ?? "∞"}`);
    }
    return value;
  }

  bool(key: string, opts: Opts = {}): boolean | undefined {
    const text = this.str(key, opts);
    if (text === undefined) return undefined;
    if (text !== "true" && text !== "false") throw invalidParam(this.name(key), `Invalid boolean: ${text}`);
    return text === "true";
  }

  oneOf<T extends string>(key: string, values: readonly T[], opts: Opts = {}): T | undefined {
    const text = this.str(key, opts);
    if (text === undefined) return undefined;
    const found = values.find((v) => v === text);
    if (found !== undefined) return found;
    const list = values.length > 2 ? `${values.slice(0, -1).join(", ")}, or ${values.at(-1)}` : values.join(" or ");
    throw invalidParam(this.name(key), `Invalid ${this.name(key)}: must be one of ${list}`);
  }

  /** A nested hash, read with its own reader (whose reads count towards `done()`). */
  hashOf(key: string, opts: Opts = {}): ParamReader | undefined {
    const value = this.raw(key);
    const param = this.name(key);
    if (value === undefined || value === "") {
      if (opts.required) throw missingParam(param);
      return undefined;
    }
    if (typeof value === "string" || Array.isArray(value)) throw invalidParam(param, `Invalid hash`);
    return new ParamReader(value, param, this.seen);
  }

  /** An array of hashes (`line_items[0][...]`). */
  hashes(key: string, opts: Opts = {}): ParamReader[] | undefined {
    const value = this.raw(key);
    const param = this.name(key);
    if (value === undefined || value === "") {
      if (opts.required) throw missingParam(param);
      return undefined;
    }
    if (!Array.isArray(value)) throw invalidParam(param, `Invalid array`);
    return value.map((item, i) => {
      if (typeof item === "string" || Array.isArray(item)) throw invalidParam(`${param}[${i}]`, `Invalid hash`);
      this.seen.add(`${param}[${i}]`);
      return new ParamReader(item, `${param}[${i}]`, this.seen);
    });
  }

  /** An array of strings (`expand[0]`, `enabled_events[0]`); `key=` unsets it to an empty array. */
  strings(key: string, opts: Opts = {}): string[] | undefined {
    const value = this.raw(key);
    const param = this.name(key);
    if (value === undefined) {
      if (opts.required) throw missingParam(param);
      return undefined;
    }
    if (value === "") return [];
    if (!Array.isArray(value) || value.some((v) => typeof v !== "string")) throw invalidParam(param, `Invalid array`);
    return value.filter((v): v is string => typeof v === "string");
  }

  expand(): string[] {
    return this.strings("expand") ?? [];
  }

  /** Metadata as Stripe validates it: at most 50 keys, keys up to 40 characters, values up to 500. */
  metadata(key = "metadata"): MetadataPatch | undefined {
    const value = this.raw(key);
    const param = this.name(key);
    if (value === undefined) return undefined;
    if (value === "") return null;
    if (typeof value === "string" || Array.isArray(value)) throw invalidParam(param, "Invalid hash");
    const entries = Object.entries(value);
    if (entries.length > 50) throw invalidParam(param, "You can specify up to 50 keys in metadata.");
    const patch: Record<string, string | null> = {};
    for (const [k, v] of entries) {
      if (typeof v !== "string") throw invalidParam(`${param}[${k}]`, `Invalid string: ${describe(v)}`);
      if (k.length > 40) throw invalidParam(`${param}[${k}]`, "Metadata keys can have up to 40 characters.");
      if (v.length > 500) throw invalidParam(`${param}[${k}]`, "Metadata values can have up to 500 characters.");
      patch[k] = v === "" ? null : v;
    }
    return patch;
  }

  /** Answers `parameter_unknown` for the first parameter no read touched. */
  done(): void {
    for (const [key, value] of Object.entries(this.hash)) {
      const param = this.name(key);
      if (!this.seen.has(param)) throw unknownParam(param);
      if (typeof value === "string" || !this.visited(param)) continue;
      if (Array.isArray(value)) value.forEach((child, i) => this.child(`${param}[${i}]`, child));
      else this.child(param, value);
    }
  }

  /** A hash read through `hashOf`/`hashes` is checked key by key; one read whole (metadata, strings) is not. */
  private visited(param: string): boolean {
    for (const name of this.seen) if (name.startsWith(`${param}[`)) return true;
    return false;
  }

  private child(param: string, value: ParamValue): void {
    if (typeof value === "string" || Array.isArray(value)) return;
    new ParamReader(value, param, this.seen).done();
  }
}
