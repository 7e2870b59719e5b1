// The e2e stack's ports. E2E_PORT_OFFSET moves every one, so two checkouts can run their suites side by side.
const offset = Number(process.env.E2E_PORT_OFFSET ?? 0);
const port = (base: number) => base + offset;

export const E2E_PORTS = {
  app: port(3100),
  auth: port(55321),
  db: port(55322),
  inbox: port(55324),
  smtp: port(55325),
  stripe: port(55326),
  telegram: port(55330),
};

export const E2E_APP_URL = `http://localhost:${E2E_PORTS.app}`;
export const E2E_INBOX_URL = `http://127.0.0.1:${E2E_PORTS.inbox}`;
export const E2E_STRIPE_URL = `http://localhost:${E2E_PORTS.stripe}`;
export const E2E_TELEGRAM_URL = `http://localhost:${E2E_PORTS.telegram}`;
