// The e2e stack's ports. E2E_PORT_OFFSET moves every one, so two checkouts can run their suites side by side.
// All below Linux's ephemeral range (32768–60999): a port in it can be the local end of any client
// connection open at that moment (the stack's own to its database, say), and then the stand-in
// listening there fails to start with EADDRINUSE.
const offset = Number(process.env.E2E_PORT_OFFSET ?? 0);
const port = (base: number) => base + offset;

export const E2E_PORTS = {
  app: port(3100),
  auth: port(24321),
  db: port(24322),
  inbox: port(24324),
  smtp: port(24325),
  stripe: port(24326),
  telegram: port(24330),
};

export const E2E_APP_URL = `http://localhost:${E2E_PORTS.app}`;
export const E2E_INBOX_URL = `http://127.0.0.1:${E2E_PORTS.inbox}`;
export const E2E_STRIPE_URL = `http://localhost:${E2E_PORTS.stripe}`;
export const E2E_TELEGRAM_URL = `http://localhost:${E2E_PORTS.telegram}`;
