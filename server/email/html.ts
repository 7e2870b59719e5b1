import "server-only";

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/** The frame every email shares: a plain, readable single column that works in every client. */
export function emailLayout(options: { preview: string; heading: string; bodyHtml: string; footer: string }): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escapeHtml(options.heading)}</title></head>
<body style="margin:0;background:#f3f8f7;font-family:Helvetica,Arial,sans-serif;color:#1c2333">
<span style="display:none">${escapeHtml(options.preview)}</span>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px">
<tr><td style="padding:32px">
<h1 style="margin:0 0 16px;font-size:22px;color:#0f5e57">${escapeHtml(options.heading)}</h1>
${options.bodyHtml}
<p style="margin:32px 0 0;font-size:12px;color:#5b6577">${escapeHtml(options.footer)}</p>
</td></tr></table></td></tr></table></body></html>`;
}
