import type { Server } from "node:http";

/** Starts an HTTP server on 127.0.0.1 and resolves with the port it got (port 0: any free one). */
export async function listenOnLoopback(server: Server, port: number): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const address = server.address();
  return typeof address === "object" && address ? address.port : port;
}
