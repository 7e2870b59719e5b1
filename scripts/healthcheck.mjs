// A container health check with nothing but Node (the image has no curl): exits 0 when this
// container's process answers its liveness check within a few seconds, else 1. The web server
// answers on PORT (default 3000), the worker on WORKER_HEALTH_PORT (default 3001, "off": none):
// whichever the container runs passes. Dockerfile:
//   HEALTHCHECK --interval=30s --timeout=10s --start-period=30s --retries=3 CMD ["node", "scripts/healthcheck.mjs"]
const TIMEOUT_MS = 4_000;

const setting = (name, fallback) => {
  const value = (process.env[name] ?? "").trim();
  return value === "" ? fallback : value;
};

const ports = [setting("PORT", "3000"), setting("WORKER_HEALTH_PORT", "3001")].filter((port) => /^\d+$/.test(port));

async function live(port) {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/api/health/live`, { signal: AbortSignal.timeout(TIMEOUT_MS) });
    await response.arrayBuffer();
    return response.status === 200;
  } catch {
    return false;
  }
}

const answers = await Promise.all(ports.map(live));
const passed = ports.filter((_, index) => answers[index]);
if (passed.length > 0) {
  console.log(`live on port ${passed.join(", ")}`);
  process.exit(0);
}
console.error(`no live answer on port ${ports.join(" or ")} within ${TIMEOUT_MS / 1000} s`);
process.exit(1);
