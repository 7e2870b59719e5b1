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

/** 450: a temporary failure (try again later); 550: a permanent one (the mailbox does not exist). */
export type RefusalCode = 450 | 550;

/** Caught mail in memory, appended to a JSON-lines file when a data directory is given. */
export class MailStore {
  private messages: CaughtMail[] = [];
  /** Mailboxes the catcher refuses for now, with the reply code it answers (in memory only). */
  private readonly refused = new Map<string, RefusalCode>();
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

  /**
   * Refuses (or, with `false`, accepts again) mail for an address, case-insensitive: with 450 for a
   * while, as a mail server that is down for it; with 550 for good, as for a mailbox that does not exist.
   */
  refuse(address: string, refused = true, code: RefusalCode = 450): void {
    if (refused) this.refused.set(address.trim().toLowerCase(), code);
    else this.refused.delete(address.trim().toLowerCase());
  }

  /** The reply code mail for the address is refused with, or null when it is accepted. */
  refusalOf(address: string): RefusalCode | null {
    return this.refused.get(address.trim().toLowerCase()) ?? null;
  }

  async clear(): Promise<void> {
    this.messages = [];
    if (this.file) await writeFile(this.file, "");
  }
}
