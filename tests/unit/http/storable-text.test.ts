import { describe, expect, it } from "vitest";
import { isStorableText, unstorableTextPath } from "@/server/http/storable-text";

describe("text that can be stored", () => {
  it("takes any text with whole characters, emoji (surrogate pairs) included", () => {
    expect(isStorableText("Oatmeal spiked me to 190 😱 — café")).toBe(true);
    expect(unstorableTextPath({ a: ["x", { b: "🙂" }], n: 1, t: true, z: null })).toBeNull();
  });

  it.each([
    ["a NUL", "a\u0000b"],
    ["a lone high surrogate", "a\ud83d"],
    ["a lone low surrogate", "\ude00b"],
    ["surrogates in the wrong order", "\ude00\ud83d"],
  ])("refuses %s", (_what, text) => {
    expect(isStorableText(text)).toBe(false);
  });

  it("names the first field that cannot be stored, keys included", () => {
    expect(unstorableTextPath({ user: { names: ["ok", "bad\u0000"] } })).toBe("user.names.1");
    expect(unstorableTextPath({ ["k\u0000"]: 1 })).toBe("k\u0000");
    expect(unstorableTextPath("\ud800")).toBe("(root)");
  });
});
