export const escapeHtml = (value: string) =>
  value.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;").replaceAll("'", "&#39;");

const STYLE = `*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1f36;background:#f6f8fa}
a{color:#4b3fd6}a:focus-visible,button:focus-visible,input:focus-visible{outline:3px solid #4b3fd6;outline-offset:2px}
.top{display:flex;align-items:center;justify-content:space-between;gap:12px;max-width:980px;margin:0 auto;padding:16px 20px}
.back{font-weight:600;text-decoration:none;padding:8px 4px}.back:hover{text-decoration:underline}
.badge{background:#ffde92;color:#5e3a00;border-radius:4px;padding:2px 8px;font-size:13px;font-weight:700;text-transform:uppercase;letter-spacing:.04em}
.layout{display:grid;gap:24px;max-width:980px;margin:0 auto;padding:0 20px 48px}
@media(min-width:820px){.layout{grid-template-columns:1fr 1fr;gap:56px;padding-top:24px}}
.panel{background:#fff;border:1px solid #e3e8ee;border-radius:12px;padding:24px}
h1{font-size:20px;margin:0 0 4px;font-weight:600}h2{font-size:18px;margin:0 0 16px}
.amount-big{font-size:34px;font-weight:700;margin:0 0 20px}.amount-big span{display:block;font-size:14px;font-weight:400;color:#596171}
.lines{list-style:none;margin:0;padding:0}.lines li{display:flex;justify-content:space-between;gap:16px;padding:12px 0;border-top:1px solid #eef1f5}
.lines .detail{display:block;font-size:14px;color:#596171}.num{white-space:nowrap;font-variant-numeric:tabular-nums}
.totals{margin:8px 0 0;border-top:1px solid #e3e8ee}.totals div{display:flex;justify-content:space-between;padding:8px 0}
.totals dt,.totals dd{margin:0}.totals .grand{font-weight:700;border-top:1px solid #e3e8ee;margin-top:4px;padding-top:12px}
label{display:block;font-size:14px;font-weight:600;margin:16px 0 6px}
input{width:100%;font:inherit;padding:11px 12px;border:1px solid #8792a2;border-radius:6px;background:#fff;color:inherit}
input[readonly]{background:#f1f3f6;color:#3c4257}input[aria-invalid=true]{border-color:#c0123c;box-shadow:0 0 0 1px #c0123c}
fieldset{border:0;margin:0;padding:0}legend{font-size:14px;font-weight:600;margin-top:16px;padding:0}
.row{display:grid;grid-template-columns:1fr 1fr;gap:12px}
.pay-button{width:100%;margin-top:24px;font:inherit;font-weight:700;font-size:17px;color:#fff;background:#4b3fd6;border:0;border-radius:6px;padding:13px 16px;cursor:pointer}
.pay-button:hover{background:#3b30b8}
.promo{display:flex;gap:8px;align-items:flex-end;margin-top:16px}.promo div{flex:1}
.promo button{font:inherit;font-weight:600;padding:11px 16px;border:1px solid #8792a2;border-radius:6px;background:#fff;color:#1a1f36;cursor:pointer}
.error{color:#c0123c;font-weight:600;margin:0 0 8px}.error:empty{display:none}
.hint{font-size:13px;color:#596171;margin-top:16px}.status{max-width:520px;margin:40px auto;padding:0 20px}`;

/** The page frame shared by the checkout form and its status pages: no scripts, no external assets. */
export function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body>
${body}
</body></html>`;
}

/** "← Back" to the merchant's cancel URL (with the session id filled in), when there is one. */
export function topBar(backUrl: string | null): string {
  const back = backUrl ? `<a class="back" href="${escapeHtml(backUrl)}">← Back</a>` : "<span></span>";
  return `<header class="top">${back}<span class="badge">Test mode</span></header>`;
}

/** A page that only says where a session stands (expired, complete, not found). */
export function statusPage(title: string, message: string, backUrl: string | null, link?: { href: string; text: string }): string {
  const action = link ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a></p>` : "";
  return page(
    title,
    `${topBar(backUrl)}<main class="status"><div class="panel"><h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(message)}</p>${action}</div></main>`,
  );
}
