const escapeHtml = (value: string) =>
  value.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;").replaceAll("'", "&#39;");

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:0;color:#1c2333;background:#f3f5f8}
main{max-width:420px;margin:48px auto;background:#fff;border:1px solid #d5dbe3;border-radius:12px;padding:28px}
.note{background:#fff7d6;border:1px solid #e6cf73;border-radius:8px;padding:10px 12px;font-size:14px}
h1{font-size:22px;margin:16px 0 4px}label{display:block;font-weight:600;margin-top:16px}
input{width:100%;box-sizing:border-box;font:inherit;padding:10px;border:1px solid #8a94a6;border-radius:6px;margin-top:4px}
input:focus,button:focus{outline:3px solid #1a73e8;outline-offset:2px}.actions{display:flex;gap:12px;margin-top:24px}
button{font:inherit;padding:10px 18px;border-radius:6px;border:1px solid #1a73e8;cursor:pointer}
.primary{background:#1a73e8;color:#fff}.secondary{background:#fff;color:#1a73e8}.error{color:#b3261e;font-weight:600}`;

/** The local stand-in for Google's account chooser: plain, accessible, clearly not Google. */
export function consentPage(options: {
  action: string;
  state: string;
  siteOrigin: string;
  email?: string;
  name?: string;
  error?: string;
}): string {
  const email = options.email ?? "google.user@example.com";
  const name = options.name ?? "Google User";
  const error = options.error ? `<p class="error" role="alert" id="email-error">${escapeHtml(options.error)}</p>` : "";
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>Sign in with Google (local stand-in)</title><style>${STYLE}</style></head><body><main>
<p class="note" role="note"><strong>Local stand-in for Google.</strong> This page is served by the local Auth service;
nothing is sent to Google. Choose the account to sign in with.</p>
<h1>Sign in with Google</h1>
<p>to continue to <strong>${escapeHtml(options.siteOrigin)}</strong></p>
${error}
<form method="post" action="${escapeHtml(options.action)}">
<input type="hidden" name="state" value="${escapeHtml(options.state)}">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" required value="${escapeHtml(email)}"${options.error ? ' aria-invalid="true" aria-describedby="email-error"' : ""}>
<label for="name">Name</label>
<input id="name" name="name" type="text" autocomplete="name" value="${escapeHtml(name)}">
<div class="actions">
<button class="primary" type="submit" name="decision" value="continue">Continue</button>
<button class="secondary" type="submit" name="decision" value="cancel" formnovalidate>Cancel</button>
</div></form></main></body></html>`;
}
