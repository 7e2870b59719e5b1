// Nothing about a referred person is shown to the affiliate beyond counts and masked
// emails. The first letter of the name and of the domain stay, and the top-level domain. But
// the coach bot names the member it would link with the whole domain kept (m***@example.com), so
// the member recognises their own address and nobody else learns it.
export function maskEmail(email: string, options: { keepDomain?: boolean } = {}): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return "***";
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  if (options.keepDomain) return `${local[0]}***@${domain}`.toLowerCase();
  const dot = domain.lastIndexOf(".");
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  const tld = dot > 0 ? domain.slice(dot) : "";
  return `${local[0]}***@${host[0] ?? ""}***${tld}`.toLowerCase();
}
