import "server-only";
import { serverEnv } from "./env";

type Level = "debug" | "info" | "warn" | "error";
const order: Record<Level | "silent", number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

function serialise(value: unknown): unknown {
  if (value instanceof Error) {
    return { name: value.name, message: value.message, stack: value.stack, cause: serialise(value.cause) };
  }
  return value;
}

function write(level: Level, message: string, fields: Record<string, unknown> = {}): void {
  if (order[level] < order[serverEnv().LOG_LEVEL]) return;
  const entry = { level, time: new Date().toISOString(), message, ...fields };
  const line = JSON.stringify(entry, (_key, value: unknown) => serialise(value));
  if (level === "error" || level === "warn") console.error(line);
  else console.log(line);
}

/** One-line JSON logs; the only place the server writes to the console. */
export const log = {
  debug: (message: string, fields?: Record<string, unknown>) => write("debug", message, fields),
  info: (message: string, fields?: Record<string, unknown>) => write("info", message, fields),
  warn: (message: string, fields?: Record<string, unknown>) => write("warn", message, fields),
  error: (message: string, fields?: Record<string, unknown>) => write("error", message, fields),
};
