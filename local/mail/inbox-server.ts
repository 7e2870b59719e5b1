import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { CaughtMail, MailStore } from "./mail-store";
import { listenOnLoopback } from "../listen";

function escapeHtml(value: string): string {
  return value.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;").replaceAll("'", "&#39;");
}

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#1c2333;background:#f6faf9}
header{background:#0f766e;color:#fff;padding:12px 24px;display:flex;justify-content:space-between;align-items:center}
header a,header button{color:#fff}main{max-width:960px;margin:0 auto;padding:24px}
table{width:100%;border-collapse:collapse;background:#fff}td,th{padding:10px;border-bottom:1px solid #dde7e5;text-align:left}
a{color:#0f766e}iframe{width:100%;height:70vh;border:1px solid #dde7e5;background:#fff}
pre{white-space:pre-wrap;background:#fff;padding:12px;border:1px solid #dde7e5}.muted{color:#5b6577}`;

function page(title: string, body: string, refresh = false): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width,initial-scale=1">${refresh ? '<meta http-equiv="refresh" content="5">' : ""}
<style>${STYLE}</style></head><body><header><strong>Local inbox</strong>
<form method="post" action="/clear"><button type="submit">Delete all</button></form></header><main>${body}</main></body></html>`;
}

function listPage(messages: CaughtMail[]): string {
  if (messages.length === 0) {
    return page("Local inbox", `<h1>Inbox</h1><p class="muted">No mail yet. Everything the app sends locally arrives here.</p>`, true);
  }
  const rows = messages
    .map(
      (m) => `<tr><td><a href="/messages/${m.id}">${escapeHtml(m.subject)}</a></td>
<td>${escapeHtml(m.to.join(", "))}</td><td class="muted">${escapeHtml(new Date(m.receivedAt).toLocaleString("en-GB"))}</td></tr>`,
    )
    .join("");
  return page(
    "Local inbox",
    `<h1>Inbox (${messages.length})</h1><table><thead><tr><th>Subject</th><th>To</th><th>Received</th></tr></thead><tbody>${rows}</tbody></table>`,
    true,
  );
}

function messagePage(m: CaughtMail): string {
  const links = m.links.map((l) => `<li><a href="${escapeHtml(l)}">${escapeHtml(l)}</a></li>`).join("");
  const content = m.html
    ? `<iframe title="Message body" sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="${escapeHtml(m.html)}"></iframe>`
    : `<pre>${escapeHtml(m.text)}</pre>`;
  return page(
    m.subject,
    `<p><a href="/">← Inbox</a></p><h1>${escapeHtml(m.subject)}</h1>
<p class="muted">From ${escapeHtml(m.from)} to ${escapeHtml(m.to.join(", "))} · ${escapeHtml(m.receivedAt)}</p>
${links ? `<h2>Links</h2><ul>${links}</ul>` : ""}${content}`,
  );
}

function send(res: ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, { "content-type": type, "cache-control": "no-store", "x-content-type-options": "nosniff" });
  res.end(body);
}

function json(res: ServerResponse, status: number, value: unknown): void {
  send(res, status, "application/json; charset=utf-8", JSON.stringify(value));
}

async function handle(store: MailStore, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? "/", "http://inbox.local");
  const method = req.method ?? "GET";
  const messageId = /^\/(?:api\/)?messages\/([0-9a-f-]{36})$/.exec(url.pathname)?.[1];
  const refusedAddress = /^\/api\/refused\/([^/]{1,320})$/.exec(url.pathname)?.[1];

  if (method === "GET" && url.pathname === "/") return send(res, 200, "text/html; charset=utf-8", listPage(store.list()));
  if (method === "GET" && url.pathname === "/api/messages") {
    return json(res, 200, { messages: store.list(url.searchParams.get("to") ?? undefined) });
  }
  if (method === "DELETE" && url.pathname === "/api/messages") {
    await store.clear();
    return json(res, 200, { deleted: true });
  }
  if (method === "POST" && url.pathname === "/clear") {
    await store.clear();
    res.writeHead(303, { location: "/" });
    return void res.end();
  }
  if (method === "GET" && messageId) {
    const message = store.get(messageId);
    if (!message) return json(res, 404, { error: "No such message" });
    if (url.pathname.startsWith("/api/")) return json(res, 200, message);
    return send(res, 200, "text/html; charset=utf-8", messagePage(message));
  }
  // PUT refuses a mailbox's mail from now on, with a temporary failure (450) or, given ?code=550, a
  // permanent one; DELETE accepts it again.
  if ((method === "PUT" || method === "DELETE") && refusedAddress) {
    let address: string;
    try {
      address = decodeURIComponent(refusedAddress);
    } catch {
      return json(res, 400, { error: "Not an address" });
    }
    const code = url.searchParams.get("code") ?? "450";
    if (code !== "450" && code !== "550") return json(res, 400, { error: "code is 450 or 550" });
    store.refuse(address, method === "PUT", code === "550" ? 550 : 450);
    return json(res, 200, method === "PUT" ? { address, refused: true, code: Number(code) } : { address, refused: false });
  }
  if (method === "GET" && url.pathname === "/api/health") return json(res, 200, { status: "ok" });
  json(res, 404, { error: "Not found" });
}

/** The inbox page people read and the JSON API tests read. */
export async function startInboxServer(port: number, store: MailStore): Promise<{ port: number; stop: () => Promise<void> }> {
  const server = createServer((req, res) => {
    handle(store, req, res).catch(() => json(res, 500, { error: "Inbox failed" }));
  });
  const actualPort = await listenOnLoopback(server, port);
  return { port: actualPort, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
