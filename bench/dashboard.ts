import { createServerClient } from "@supabase/ssr";
import WebSocket from "ws";
import { loadTest, type LoadOptions, type LoadResult } from "./load";
import { createBenchMember, type AuthEnv } from "./referrals";

/** The session cookies a browser holds after signing in, made by the same library the site uses. */
export async function sessionCookie(env: AuthEnv, member?: { email: string; password: string }): Promise<string> {
  const { email, password } = member ?? (await createBenchMember(env));
  const jar = new Map<string, string>();
  const client = createServerClient(env.authUrl, env.anonKey, {
    cookies: {
      getAll: () => [...jar].map(([name, value]) => ({ name, value })),
      setAll: (cookies) => cookies.forEach(({ name, value }) => (value ? jar.set(name, value) : jar.delete(name))),
    },
    realtime: { transport: WebSocket as never },
  });
  const { error } = await client.auth.signInWithPassword({ email, password });
  if (error) throw new Error(`bench sign-in failed: ${error.message}`);
  return [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
}

/** GET /dashboard signed in: the server render of the member's page (session check included). */
export async function loadDashboard(baseUrl: string, cookie: string, opts: LoadOptions): Promise<LoadResult> {
  return loadTest(
    new URL("/dashboard", baseUrl).toString(),
    opts,
    () => ({ method: "GET", headers: { cookie } }),
    "signed-in member's dashboard: session check and server render",
  );
}
