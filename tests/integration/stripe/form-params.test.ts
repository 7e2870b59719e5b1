import { describe, expect, it } from "vitest";
import { canonicalParams, parseForm } from "../../../local/stripe/form-params";
import { ParamReader } from "../../../local/stripe/param-reader";
import { StripeError } from "../../../local/stripe/stripe-error";

const form = (pairs: [string, string][]) => new URLSearchParams(pairs).toString();

describe("Stripe's bracket notation", () => {
  it("nests hashes and turns numeric indices into arrays, in index order", () => {
    const parsed = parseForm(
      form([
        ["line_items[1][quantity]", "2"],
        ["line_items[0][price_data][recurring][interval]", "month"],
        ["line_items[0][price_data][currency]", "usd"],
        ["line_items[0][quantity]", "1"],
        ["metadata[user_id]", "u1"],
        ["expand[0]", "subscription"],
        ["expand[1]", "customer"],
        ["mode", "subscription"],
      ]),
    );
    expect(parsed).toEqual({
      line_items: [{ price_data: { recurring: { interval: "month" }, currency: "usd" }, quantity: "1" }, { quantity: "2" }],
      metadata: { user_id: "u1" },
      expand: ["subscription", "customer"],
      mode: "subscription",
    });
  });

  it("appends for empty brackets and keeps `key=` (stripe-node's null) as an empty string", () => {
    expect(parseForm("expand[]=a&expand[]=b&metadata=")).toEqual({ expand: ["a", "b"], metadata: "" });
    expect(parseForm("metadata=&metadata[k]=v")).toEqual({ metadata: { k: "v" } });
  });

  it("keeps __proto__ an ordinary key and refuses conflicting shapes", () => {
    const parsed = parseForm("__proto__[polluted]=yes");
    expect(Object.hasOwn(parsed, "__proto__")).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(() => parseForm("a[b]=1&a[b][c]=2")).toThrow(StripeError);
    expect(() => parseForm("a[b=1")).toThrow(StripeError);
  });

  it("compares parameters independent of order (for idempotent replays)", () => {
    expect(canonicalParams(parseForm("b=2&a[y]=1&a[x]=0"))).toBe(canonicalParams(parseForm("a[x]=0&b=2&a[y]=1")));
    expect(canonicalParams(parseForm("a[0]=x&a[1]=y"))).not.toBe(canonicalParams(parseForm("a[0]=y&a[1]=x")));
  });
});

describe("ParamReader", () => {
  it("validates types and reports unknown parameters by their full name", () => {
    const reader = new ParamReader(parseForm("line_items[0][quantity]=2&line_items[0][colour]=red&limit=5"));
    const [item] = reader.hashes("line_items") ?? [];
    expect(item?.int("quantity")).toBe(2);
    expect(reader.int("limit", { max: 100 })).toBe(5);
    expect(() => reader.done()).toThrow("Received unknown parameter: line_items[0][colour]");
    expect(() => new ParamReader(parseForm("limit=abc")).int("limit")).toThrow("Invalid integer: abc");
    expect(() => new ParamReader(parseForm("mode=x")).oneOf("mode", ["payment", "subscription"])).toThrow(
      "Invalid mode: must be one of payment or subscription",
    );
    expect(() => new ParamReader({}).str("url", { required: true })).toThrow("Missing required param: url.");
  });

  it("reads metadata patches: empty value removes a key, empty hash clears all", () => {
    expect(new ParamReader(parseForm("metadata[a]=1&metadata[b]=")).metadata()).toEqual({ a: "1", b: null });
    expect(new ParamReader(parseForm("metadata=")).metadata()).toBeNull();
  });
});
