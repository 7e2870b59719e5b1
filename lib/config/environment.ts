// SPEC §9 Environment: decided by hostname. Production domains are production; localhost or a
// local IP is local; anything else (previews, staging) is development.
import { site } from "../site";

export const APP_ENVIRONMENTS = ["production", "local", "development"] as const;

export type AppEnvironment = (typeof APP_ENVIRONMENTS)[number];

export const PRODUCTION_HOSTNAMES: readonly string[] = [site.domain, `www.${site.domain}`];

const PRIVATE_IPV4 = /^(127\.|10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|0\.0\.0\.0$)/;

export function environmentForHostname(hostname: string): AppEnvironment {
  const host = hostname
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, "");
  if (PRODUCTION_HOSTNAMES.includes(host)) return "production";
  if (host === "localhost" || host.endsWith(".localhost") || host === "::1" || PRIVATE_IPV4.test(host)) return "local";
  return "development";
}
