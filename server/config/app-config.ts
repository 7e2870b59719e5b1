import "server-only";
import { environmentForHostname, type AppEnvironment } from "@/lib/config/environment";
import { publicEnv } from "@/lib/public-env";
import type { AppConfig } from "@/lib/config/app-config-schema";
import { serverEnv } from "../env";

/**
 * What the spec's get-config function returned: the environment (asked for, or decided by the
 * site's hostname) and the product backend's base address (the site unless configured). Both come
 * from configuration, never from the request's Host header, which a caller (or a cache in front of
 * us) could make point anywhere.
 */
export function appConfig(requested?: AppEnvironment): AppConfig {
  const site = new URL(publicEnv.siteUrl);
  const environment = requested ?? environmentForHostname(site.hostname);
  const baseUrl = serverEnv().API_BASE_URL || site.origin;
  return { environment, api: { baseUrl } };
}
