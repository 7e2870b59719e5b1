// The stand-in's chat page: where a person (or a browser test) talks to the bot as a Telegram user.
const escape = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

const STYLE = `
body{font-family:system-ui,sans-serif;margin:0;background:#e6ebee;color:#111}
main{max-width:40rem;margin:0 auto;min-height:100vh;display:flex;flex-direction:column;background:#fff}
header{padding:.75rem 1rem;background:#2a7ab0;color:#fff}
h1{font-size:1.1rem;margin:0}
.note{font-size:.8rem;opacity:.85;margin:.25rem 0 0}
ol{list-style:none;margin:0;padding:1rem;flex:1;display:flex;flex-direction:column;gap:.5rem}
li{max-width:85%;padding:.5rem .75rem;border-radius:.75rem;white-space:pre-wrap;overflow-wrap:anywhere}
li.bot{background:#f1f1f1;align-self:flex-start}
li.user{background:#d9f5c5;align-self:flex-end}
form{display:flex;gap:.5rem;padding:.75rem;border-top:1px solid #ddd}
input{flex:1;padding:.5rem;font-size:1rem}
button{padding:.5rem 1rem;font-size:1rem;background:#2a7ab0;color:#fff;border:0;border-radius:.5rem;cursor:pointer}
button:focus-visible,input:focus-visible{outline:3px solid #f5a623;outline-offset:2px}
.start{margin:1rem;align-self:stretch}
.keyboard{display:flex;flex-direction:column;gap:.25rem;padding:0 .75rem}
.keyboard:empty{display:none}
label{display:block;margin:.75rem 0 .25rem}
.card{padding:1rem}
`;

export function identityPage(botUsername: string, next: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Telegram (local) - who are you?</title><style>${STYLE}</style></head><body><main>
<header><h1>Telegram (local stand-in)</h1><p class="note">Choose who you are in this browser before talking to @${escape(botUsername)}.</p></header>
<form class="card" method="post" action="/chat/identity" style="display:block;border:0">
<input type="hidden" name="next" value="${escape(next)}">
<label for="first_name">First name</label><input id="first_name" name="first_name" required maxlength="64" autocomplete="given-name">
<label for="username">Username (optional)</label><input id="username" name="username" maxlength="32" pattern="[A-Za-z0-9_]{5,32}">
<p><button type="submit">Continue</button></p>
</form></main></body></html>`;
}

export function chatPage(botUsername: string, user: { first_name: string; id: number }, startToken: string | null): string {
  const start = startToken
    ? `<button type="button" class="start" id="start" data-text="${escape(`/start ${startToken}`)}">Start</button>`
    : "";
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>@${escape(botUsername)} - Telegram (local)</title><style>${STYLE}</style></head><body><main>
<header><h1>@${escape(botUsername)}</h1><p class="note">Local Telegram stand-in. You are ${escape(user.first_name)} (id ${user.id}).</p></header>
<ol id="messages" aria-label="Messages" aria-live="polite"></ol>
<div id="keyboard" class="keyboard" role="group" aria-label="Reply buttons"></div>
${start}
<form id="composer"><label for="text" class="sr" style="position:absolute;left:-9999px">Message</label>
<input id="text" name="text" autocomplete="off" maxlength="4096" placeholder="Message"><button type="submit">Send</button></form>
</main>
<script>
const list = document.getElementById("messages");
let shown = 0;
async function refresh() {
  const response = await fetch("/chat/messages", { cache: "no-store" });
  if (!response.ok) return;
  const messages = await response.json();
  if (messages.length === shown) return;
  for (const message of messages.slice(shown)) {
    const item = document.createElement("li");
    item.className = message.from.is_bot ? "bot" : "user";
    item.textContent = message.text;
    list.appendChild(item);
  }
  shown = messages.length;
  // Like Telegram's reply keyboard: the newest message's buttons, until one is tapped or the
  // person writes again.
  const keyboard = document.getElementById("keyboard");
  keyboard.replaceChildren();
  const last = messages[messages.length - 1];
  for (const row of (last && last.from.is_bot && last.reply_markup ? last.reply_markup.keyboard : [])) {
    for (const button of row) {
      const element = document.createElement("button");
      element.type = "button";
      element.textContent = button.text;
      element.addEventListener("click", () => { keyboard.replaceChildren(); void send(button.text); });
      keyboard.appendChild(element);
    }
  }
}
async function send(text) {
  await fetch("/chat/send", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ text }) });
  await refresh();
}
document.getElementById("composer").addEventListener("submit", (event) => {
  event.preventDefault();
  const input = document.getElementById("text");
  const text = input.value.trim();
  if (text) { input.value = ""; void send(text); }
});
const startButton = document.getElementById("start");
if (startButton) startButton.addEventListener("click", () => { startButton.remove(); void send(startButton.dataset.text); });
setInterval(refresh, 500);
void refresh();
</script></body></html>`;
}
