import { readFileSync } from "node:fs";
import path from "node:path";

export type EmailLinkType = "signup" | "magiclink" | "recovery";

/** What Supabase Auth hands its email templates (the subset these templates use). */
export type TemplateValues = {
  SiteURL: string;
  ConfirmationURL: string;
  TokenHash: string;
  Token: string;
  RedirectTo: string;
  Email: string;
};

// The project's templates, the ones production's Supabase project is configured with (docs/deploy.md).
const TEMPLATE_DIR = path.join(import.meta.dirname, "..", "..", "supabase", "templates");
const FILES: Record<EmailLinkType, string> = { signup: "confirmation.html", magiclink: "magic-link.html", recovery: "recovery.html" };
const PLACEHOLDER = /\{\{\s*\.(\w+)\s*\}\}/g;

const escapeHtml = (value: string) =>
  value.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

function isTemplateValue(name: string): name is keyof TemplateValues {
  return ["SiteURL", "ConfirmationURL", "TokenHash", "Token", "RedirectTo", "Email"].includes(name);
}

/** Inside an href, after its `?`: Go's html/template percent-encodes a value there. */
function inUrlQuery(template: string, offset: number): boolean {
  const before = template.slice(0, offset);
  const attribute = before.lastIndexOf('href="');
  if (attribute < 0 || before.indexOf('"', attribute + 6) !== -1) return false;
  return before.slice(attribute).includes("?");
}

/** Renders a template as Supabase Auth does (Go html/template): escaped for HTML, or for a URL query. */
export function renderTemplate(template: string, values: TemplateValues): string {
  return template.replace(PLACEHOLDER, (_whole, name: string, offset: number) => {
    if (!isTemplateValue(name)) throw new Error(`Unknown email template variable .${name}`);
    const value = values[name];
    return inUrlQuery(template, offset) ? encodeURIComponent(value) : escapeHtml(value);
  });
}

export function loadTemplates(): Record<EmailLinkType, string> {
  const read = (type: EmailLinkType) => readFileSync(path.join(TEMPLATE_DIR, FILES[type]), "utf8");
  return { signup: read("signup"), magiclink: read("magiclink"), recovery: read("recovery") };
}
