/**
 * One PGlite serves every connection, but it has a single session: unnamed statements, portals and
 * transactions are shared. A connection therefore holds this lock from its first message until
 * the database is idle again (ReadyForQuery with status 'I'), so an extended-protocol exchange
 * or a transaction is never interleaved with another connection's messages.
 */
export class SessionLock {
  private owner: number | null = null;
  private readonly waiting: (() => void)[] = [];

  get holder(): number | null {
    return this.owner;
  }

  async acquire(id: number): Promise<void> {
    while (this.owner !== null && this.owner !== id) {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    this.owner = id;
  }

  release(id: number): void {
    if (this.owner !== id) return;
    this.owner = null;
    this.waiting.shift()?.();
  }
}

/** Whether a batch of backend messages ends with ReadyForQuery reporting an idle session. */
export function endsIdle(output: Uint8Array): boolean {
  let offset = 0;
  let idle = false;
  while (offset + 5 <= output.length) {
    const type = output[offset];
    const length = new DataView(output.buffer, output.byteOffset + offset + 1, 4).getInt32(0);
    if (type === 0x5a && length === 5) idle = output[offset + 5] === 0x49;
    offset += 1 + length;
  }
  return idle;
}
