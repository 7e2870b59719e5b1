import "server-only";
import { environmentForHostname, type AppEnvironment } from "@/lib/environment";
import type { AppConfig } from "@/lib/schemas/app-config";
import { serverEnv } from "../env";

/**
 * What the spec's get-config function returned: the environment (asked for, or decided by the
 * request's hostname) and the product backend's base address (same origin unless configured).
 */
export function appConfig(request: Request, requested?: AppEnvironment): AppConfig {
  const url = new URL(request.url);
  const environment = requested ?? environmentForHostname(url.hostname);
  const baseUrl = serverEnv().API_BASE_URL || url.origin;
  return { environment, api: { baseUrl } };
}
