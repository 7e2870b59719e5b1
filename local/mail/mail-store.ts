import { appendFile, mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";

export type CaughtMail = {
  id: string;
  receivedAt: string;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string | null;
  links: string[];
  /** The Message-ID header: a message sent again (after a crash between sending and recording it) carries the same one. */
  messageId: string | null;
};

const MAX_MESSAGES = 500;

/** Caught mail in memory, appended to a JSON-lines file when a data directory is given. */
export class MailStore {
  private messages: CaughtMail[] = [];
  /** Mailboxes the catcher refuses for now, as a mail server that is down for them would (in memory only). */
  private readonly refused = new Set<string>();
  private readonly file: string | null;

  constructor(dataDir?: string) {
    this.file = dataDir ? path.join(dataDir, "mail", "messages.jsonl") : null;
  }

  async load(): Promise<void> {
    if (!this.file) return;
    await mkdir(path.dirname(this.file), { recursive: true });
    const text = await readFile(this.file, "utf8").catch(() => "");
    this.messages = text
      .split("\n")
      .filter(Boolean)
      .flatMap((line) => {
        try {
          const stored = JSON.parse(line) as Omit<CaughtMail, "messageId"> & { messageId?: string | null };
          return [{ ...stored, messageId: stored.messageId ?? null }];
        } catch {
          return [];
        }
      })
      .slice(-MAX_MESSAGES);
  }

  async add(message: CaughtMail): Promise<void> {
    this.messages.push(message);
    if (this.messages.length > MAX_MESSAGES) this.messages = this.messages.slice(-MAX_MESSAGES);
    if (this.file) await appendFile(this.file, `${JSON.stringify(message)}\n`);
  }

  /** Newest first; `to` filters by recipient (case-insensitive). */
  list(to?: string): CaughtMail[] {
    const wanted = to?.trim().toLowerCase();
    const all = [...this.messages].reverse();
    return wanted ? all.filter((m) => m.to.some((address) => address.toLowerCase() === wanted)) : all;
  }

  get(id: string): CaughtMail | undefined {
    return this.messages.find((m) => m.id === id);
  }

  /** Refuses (or, with `false`, accepts again) mail for an address, case-insensitive. */
  refuse(address: string, refused = true): void {
    if (refused) this.refused.add(address.trim().toLowerCase());
    else this.refused.delete(address.trim().toLowerCase());
  }

  isRefused(address: string): boolean {
    return this.refused.has(address.trim().toLowerCase());
  }

  async clear(): Promise<void> {
    this.messages = [];
    if (this.file) await writeFile(this.file, "");
  }
}
