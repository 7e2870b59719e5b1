import "server-only";
import { userAgent } from "next/server";

// Beyond the crawlers and link previewers Next.js knows: other bots, uptime monitors and
// command-line or library clients. None of them is a person following a link.
const AUTOMATED_AGENT =
  /bot\b|bot\/|crawl|spider|preview|monitor|lighthouse|curl\/|wget\/|python-|go-http-client|java\/|okhttp|axios\/|node-fetch|undici|libwww|httpclient/i;

/**
 * Whether a request is a prefetch or comes from something other than a person's browser: such
 * requests never count as visits. The visit is reported by the page's script, which prefetches and
 * most crawlers never run; these headers catch the rest.
 */
export function isAutomatedRequest(request: Request): boolean {
  const headers = request.headers;
  const agent = headers.get("user-agent")?.trim() ?? "";
  if (agent === "" || AUTOMATED_AGENT.test(agent) || userAgent(request).isBot) return true;
  const purpose = `${headers.get("sec-purpose") ?? ""} ${headers.get("purpose") ?? ""} ${headers.get("x-purpose") ?? ""} ${headers.get("x-moz") ?? ""}`;
  return /prefetch|prerender|preview/i.test(purpose) || headers.has("next-router-prefetch");
}
