import { describe, expect, it } from "vitest";
import { loadTemplates, renderTemplate } from "../../../local/auth/email-templates";

const values = {
  SiteURL: "https://glucosechallenge.app",
  ConfirmationURL: "https://project.supabase.co/auth/v1/verify?token=pkce_abc&type=signup",
  TokenHash: "pkce_0123abcd",
  Token: "123456",
  RedirectTo: "https://glucosechallenge.app/payment?plan=popular&cgm=true",
  Email: "a<b>@example.com",
};

describe("the Auth stand-in's email templates (rendered as Supabase's Go templates are)", () => {
  it("percent-encodes a value inside a link's query and escapes it for HTML elsewhere", () => {
    const html = renderTemplate(
      '<a href="{{ .SiteURL }}/auth/confirm?token_hash={{ .TokenHash }}&amp;next={{ .RedirectTo }}">Go</a> for {{ .Email }}',
      values,
    );
    expect(html).toBe(
      '<a href="https://glucosechallenge.app/auth/confirm?token_hash=pkce_0123abcd&amp;next=https%3A%2F%2Fglucosechallenge.app%2Fpayment%3Fplan%3Dpopular%26cgm%3Dtrue">Go</a> for a&lt;b&gt;@example.com',
    );
  });

  it("refuses a variable Supabase does not provide", () => {
    expect(() => renderTemplate("{{ .Secret }}", values)).toThrow("Unknown email template variable .Secret");
  });

  it("each of the project's templates links to /auth/confirm with the token hash and its own type", () => {
    const templates = loadTemplates();
    for (const [type, template] of Object.entries(templates)) {
      const href = /href="([^"]+)"/.exec(renderTemplate(template, values))?.[1]?.replaceAll("&amp;", "&");
      const link = new URL(href!);
      expect(`${link.origin}${link.pathname}`).toBe("https://glucosechallenge.app/auth/confirm");
      expect(link.searchParams.get("token_hash")).toBe("pkce_0123abcd");
      expect(link.searchParams.get("type")).toBe(type);
      expect(link.searchParams.get("next")).toBe(values.RedirectTo);
    }
  });
});
