import { createServer, type Server, type Socket } from "node:net";
import type { PGlite } from "@electric-sql/pglite";
import { SessionLock, endsIdle } from "./session-lock";

const SSL_REQUEST = 80877103;
const GSS_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
const TERMINATE = 0x58;
// A connection that holds the session this long without a word loses it (and its transaction).
const IDLE_HOLD_MS = 30_000;

/**
 * The Postgres wire protocol in front of one PGlite, for any number of client connections (the
 * app, the Auth stand-in, psql, tests). See SessionLock for why messages are serialised per
 * exchange rather than per message.
 */
export class PgliteWireServer {
  private readonly lock = new SessionLock();
  private readonly sockets = new Set<Socket>();
  private server: Server | null = null;
  private nextId = 1;

  constructor(private readonly db: PGlite) {}

  async listen(port: number, host = "127.0.0.1"): Promise<number> {
    const server = createServer((socket) => this.accept(socket));
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, host, () => resolve());
    });
    const address = server.address();
    return typeof address === "object" && address ? address.port : port;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private accept(socket: Socket): void {
    const id = this.nextId++;
    this.sockets.add(socket);
    socket.setNoDelay(true);
    let buffer = Buffer.alloc(0);
    let started = false;
    let work = Promise.resolve();
    let holdTimer: NodeJS.Timeout | undefined;

    const releaseSession = async () => {
      clearTimeout(holdTimer);
      if (this.lock.holder !== id) return;
      if (this.db.isInTransaction()) await this.db.exec("ROLLBACK").catch(() => {});
      this.lock.release(id);
    };

    const run = async (message: Buffer) => {
      await this.lock.acquire(id);
      clearTimeout(holdTimer);
      const output = await this.db.runExclusive(() => this.db.execProtocolRaw(new Uint8Array(message)));
      if (output.length > 0 && socket.writable) socket.write(output);
      if (endsIdle(output)) this.lock.release(id);
      else holdTimer = setTimeout(() => socket.destroy(), IDLE_HOLD_MS);
    };

    const drain = async () => {
      for (;;) {
        if (!started) {
          if (buffer.length < 8) return;
          const length = buffer.readInt32BE(0);
          const code = buffer.readInt32BE(4);
          if (buffer.length < length) return;
          const message = buffer.subarray(0, length);
          buffer = buffer.subarray(length);
          if (code === SSL_REQUEST || code === GSS_REQUEST) {
            socket.write("N");
            continue;
          }
          if (code === CANCEL_REQUEST) return void socket.end();
          started = true;
          await run(message);
          continue;
        }
        if (buffer.length < 5) return;
        const length = 1 + buffer.readInt32BE(1);
        if (buffer.length < length) return;
        const message = buffer.subarray(0, length);
        buffer = buffer.subarray(length);
        if (message[0] === TERMINATE) return void socket.end();
        await run(message);
      }
    };

    socket.on("data", (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      work = work.then(drain).catch(() => {
        socket.destroy();
      });
    });
    socket.on("error", () => socket.destroy());
    socket.on("close", () => {
      this.sockets.delete(socket);
      work = work.then(releaseSession, releaseSession);
    });
  }
}
