import { describe, expect, it } from "vitest";
import { withoutLinks } from "@/lib/posts/post-links";

describe("withoutLinks", () => {
  it.each([
    ["Sign up at https://evil.example/win?x=1 today!", "Sign up at today!"],
    ["Go to www.spam-site.xyz/now.", "Go to."],
    ["Read more on bit.ly/3xYz and cheap-pills.com.", "Read more on and."],
    ["Mail me at someone@evil.co.uk for more", "Mail me at for more"],
    ["My clinic (glucose-help.de) helped", "My clinic helped"],
    ["Details: HTTP://EXAMPLE.ORG/A", "Details:"],
    ["Visit Example.COM now", "Visit now"],
  ])("takes the links out of %j", (text, expected) => {
    expect(withoutLinks(text)).toBe(expected);
  });

  it("keeps a post without links as it is: numbers, abbreviations, hashtags and sentences", () => {
    const post = "My glucose went to 7.8 mmol/L after oatmeal, e.g. at 8 a.m. Dr. Lee agreed.Then I walked.\n\n#KnowYourGlucose #CGM";
    expect(withoutLinks(post)).toBe(post);
  });
});
