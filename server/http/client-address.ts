import "server-only";
import { isIP } from "node:net";
import { serverEnv } from "../env";
import type { ClientAddressHeader } from "../env-constants";

export type ClientAddressSetting = { header: ClientAddressHeader | undefined; proxyCount: number };

/** "203.0.113.5:4711" and "[2001:db8::1]:443" as some proxies write them, without the port. */
function withoutPort(value: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracketed?.[1]) return bracketed[1];
  const v4WithPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(value);
  return v4WithPort?.[1] ?? value;
}

/**
 * D13: the client's address, read only from the header the host in front of the app sets; null when
 * no header is trusted, or it is missing or holds no address. With x-forwarded-for it is the entry
 * `proxyCount` places from the right: each of our proxies appends the address it saw, and whatever
 * stands further left was sent by the client and could be made up.
 */
export function clientAddressFrom(headers: Pick<Headers, "get">, { header, proxyCount }: ClientAddressSetting): string | null {
  if (!header || header === "none") return null;
  const entries = (headers.get(header) ?? "").split(",").map((entry) => entry.trim());
  const entry = header === "x-forwarded-for" ? entries.at(-proxyCount) : entries.length === 1 ? entries[0] : undefined;
  const address = entry ? withoutPort(entry).toLowerCase() : "";
  return isIP(address) ? address : null;
}

/** The trusted client address of a request under this server's setting (TRUSTED_CLIENT_IP_HEADER). */
export function clientAddress(headers: Pick<Headers, "get">): string | null {
  const env = serverEnv();
  return clientAddressFrom(headers, { header: env.TRUSTED_CLIENT_IP_HEADER, proxyCount: env.TRUSTED_PROXY_COUNT });
}

function ipv6Groups(address: string): string[] {
  const [head = "", tail] = address.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(missing).fill("0"), ...right];
}

/**
 * The key a client's requests are counted under: its address, but one /64 for IPv6 (one household
 * or server gets a whole /64, so single addresses there cost nothing to change). Requests whose
 * address is unknown share one key.
 */
export function rateLimitClientKey(address: string | null): string {
  if (!address) return "unknown";
  if (isIP(address) !== 6) return address;
  const mappedV4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(address);
  if (mappedV4?.[1]) return mappedV4[1];
  return `${ipv6Groups(address)
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}
