import { defineConfig, devices } from "@playwright/test";
import { chromiumLaunch } from "./scripts/chromium-path";
import { E2E_APP_URL, E2E_PORTS, E2E_STRIPE_URL, E2E_TELEGRAM_URL } from "./tests/e2e/ports";

// e2e runs against a production build plus its own embedded stack on its own ports and data dir,
// so it never touches a developer's running `npm run dev`.
const PORT = E2E_PORTS.app;
const stack = {
  NEXT_PUBLIC_SITE_URL: E2E_APP_URL,
  NEXT_PUBLIC_SUPABASE_URL: `http://localhost:${E2E_PORTS.auth}`,
  LOCAL_AUTH_PORT: String(E2E_PORTS.auth),
  // Every browser here reaches the Auth stand-in from one loopback address (people each have their
  // own): the suite's sign-ups and email links would spend one address's budget of 60 in 5 minutes.
  LOCAL_AUTH_SIGN_INS_PER_WINDOW: "600",
  LOCAL_AUTH_SIGN_UPS_PER_WINDOW: "600",
  LOCAL_DB_PORT: String(E2E_PORTS.db),
  LOCAL_SMTP_PORT: String(E2E_PORTS.smtp),
  LOCAL_INBOX_PORT: String(E2E_PORTS.inbox),
  LOCAL_DATA_DIR: ".local/e2e",
  DATABASE_URL: `postgres://postgres:postgres@127.0.0.1:${E2E_PORTS.db}/postgres`,
  SMTP_URL: `smtp://127.0.0.1:${E2E_PORTS.smtp}`,
  LOCAL_STRIPE_PORT: String(E2E_PORTS.stripe),
  STRIPE_API_URL: E2E_STRIPE_URL,
  // The Telegram stand-in: Bot API, chat page (t.me links) and login widget.
  LOCAL_TELEGRAM_PORT: String(E2E_PORTS.telegram),
  TELEGRAM_API_URL: E2E_TELEGRAM_URL,
  TELEGRAM_LINK_URL: `${E2E_TELEGRAM_URL}/t.me`,
  // As behind one proxy that appends the client's address: tests play distinct visitors this way.
  TRUSTED_CLIENT_IP_HEADER: "x-forwarded-for",
  // Every page load reports its Web Vitals, so the reporter can be tested.
  NEXT_PUBLIC_WEB_VITALS_SAMPLE_RATE: "1",
};

// In CI, `npm test` ran the type check just before: the build does not repeat it (next.config.ts).
const build = process.env.E2E_SKIP_BUILD ? "" : `${process.env.CI ? "BUILD_TYPES_CHECKED=1 " : ""}npm run build && `;

// Playwright's Chromium, else the system's, else the one inside an npm package (scripts/chromium-path.ts).
const browser = await chromiumLaunch();

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  // The longest journeys (questionnaire to paid dashboard) take 20-30 s on a busy two-core machine.
  timeout: 60_000,
  use: {
    baseURL: E2E_APP_URL,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: browser.executablePath,
      env: browser.env,
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
    },
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"] }, testIgnore: /mobile\.spec\.ts/ },
    { name: "mobile", use: { ...devices["Pixel 7"] }, testMatch: /mobile\.spec\.ts/ },
  ],
  webServer: {
    command: `rm -rf .local/e2e && ${build}node_modules/.bin/tsx local/launcher.ts start -p ${PORT}`,
    url: `http://localhost:${PORT}/api/health`,
    timeout: 900_000,
    reuseExistingServer: false,
    stdout: "pipe",
    env: { ...stack, NEXT_TELEMETRY_DISABLED: "1" },
  },
});
