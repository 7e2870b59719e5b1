import { createHash, createHmac, randomInt } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { BotIdentity } from "./bot-api";

// The login widget as Telegram serves it: a script that puts a 'Log in with Telegram' button where it
// is included, a consent page in a popup, and a payload signed the way Telegram signs it (HMAC-SHA-256
// of the sorted data-check string with the SHA-256 of the bot token as key).
const escape = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

export function signLoginPayload(fields: Record<string, string | number>, botToken: string): Record<string, string | number> {
  const check = Object.keys(fields)
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join("\n");
  const key = createHash("sha256").update(botToken).digest();
  return { ...fields, hash: createHmac("sha256", key).update(check).digest("hex") };
}

function userpic(firstName: string): string {
  const letter = escape(firstName.charAt(0).toUpperCase() || "T");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160"><rect width="160" height="160" fill="#54a9eb"/><text x="80" y="105" font-size="80" text-anchor="middle" fill="#fff" font-family="sans-serif">${letter}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
}

function widgetScript(origin: string): string {
  return `(function () {
  var script = document.currentScript;
  if (!script) return;
  var bot = script.getAttribute("data-telegram-login") || "";
  var onauth = script.getAttribute("data-onauth") || "";
  var name = (/^([A-Za-z_$][\\w$]*)/.exec(onauth) || [])[1];
  var button = document.createElement("button");
  button.type = "button";
  button.textContent = "Log in with Telegram";
  button.setAttribute("data-telegram-login-button", bot);
  button.style.cssText = "background:#54a9eb;color:#fff;border:0;border-radius:20px;padding:10px 20px;font:500 15px system-ui,sans-serif;cursor:pointer";
  button.addEventListener("click", function () {
    var url = ${JSON.stringify(origin)} + "/auth/consent?bot=" + encodeURIComponent(bot) + "&origin=" + encodeURIComponent(location.origin);
    window.open(url, "telegram_login", "width=550,height=470");
  });
  window.addEventListener("message", function (event) {
    if (event.origin !== ${JSON.stringify(origin)} || !event.data || event.data.event !== "auth_user") return;
    if (name && typeof window[name] === "function") window[name](event.data.user);
  });
  script.parentNode.insertBefore(button, script.nextSibling);
})();`;
}

function consentPage(botUsername: string, openerOrigin: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Log in with Telegram (local)</title><style>body{font-family:system-ui,sans-serif;max-width:26rem;margin:2rem auto;padding:0 1rem}label{display:block;margin:.75rem 0 .25rem}input{width:100%;padding:.5rem;font-size:1rem}button{margin-top:1rem;padding:.6rem 1.2rem;font-size:1rem;background:#54a9eb;color:#fff;border:0;border-radius:.5rem}</style></head><body>
<h1>Log in to ${escape(openerOrigin)}</h1>
<p>@${escape(botUsername)} will receive your name, username and profile photo (local Telegram stand-in).</p>
<form method="post" action="/auth/consent">
<input type="hidden" name="origin" value="${escape(openerOrigin)}">
<label for="first_name">First name</label><input id="first_name" name="first_name" required maxlength="64">
<label for="last_name">Last name (optional)</label><input id="last_name" name="last_name" maxlength="64">
<label for="username">Username (optional)</label><input id="username" name="username" maxlength="32" pattern="[A-Za-z0-9_]{5,32}">
<button type="submit">Accept</button>
</form></body></html>`;
}

function resultPage(user: Record<string, string | number>, openerOrigin: string): string {
  const data = JSON.stringify({ event: "auth_user", user }).replace(/</g, "\\u003c");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Logged in</title></head><body>
<p>You are logged in. This window closes itself.</p><pre id="payload">${escape(JSON.stringify(user, null, 2))}</pre>
<script>if (window.opener) { window.opener.postMessage(${data}, ${JSON.stringify(openerOrigin)}); window.close(); }</script></body></html>`;
}

function originOf(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : null;
  } catch {
    return null;
  }
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  let body = "";
  for await (const chunk of req) {
    body += String(chunk);
    if (body.length > 16 * 1024) break;
  }
  return new URLSearchParams(body);
}

export function loginWidgetRoutes(options: { bot: BotIdentity; origin: string }) {
  const html = { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" };
  return async function handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
    if (url.pathname === "/js/telegram-widget.js" && req.method === "GET") {
      res
        .writeHead(200, { "content-type": "application/javascript; charset=utf-8", "cache-control": "no-store" })
        .end(widgetScript(options.origin));
      return true;
    }
    if (url.pathname === "/auth/consent" && req.method === "GET") {
      const opener = originOf(url.searchParams.get("origin"));
      if (!opener) {
        res.writeHead(400, html).end("Bad origin");
        return true;
      }
      res.writeHead(200, html).end(consentPage(options.bot.username, opener));
      return true;
    }
    if (url.pathname === "/auth/consent" && req.method === "POST") {
      const form = await readForm(req);
      const opener = originOf(form.get("origin"));
      const firstName = (form.get("first_name") ?? "").trim().slice(0, 64);
      if (!opener || !firstName) {
        res.writeHead(400, html).end("First name and origin are required");
        return true;
      }
      const lastName = (form.get("last_name") ?? "").trim().slice(0, 64);
      const username = (form.get("username") ?? "").trim();
      const fields: Record<string, string | number> = {
        id: randomInt(100_000_000, 2_000_000_000),
        first_name: firstName,
        ...(lastName ? { last_name: lastName } : {}),
        ...(/^[A-Za-z0-9_]{5,32}$/.test(username) ? { username } : {}),
        // An inline picture, so the site's img-src ('self' data:) shows it.
        photo_url: userpic(firstName),
        auth_date: Math.floor(Date.now() / 1000),
      };
      res.writeHead(200, html).end(resultPage(signLoginPayload(fields, options.bot.token), opener));
      return true;
    }
    return false;
  };
}
