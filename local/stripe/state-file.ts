import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";

const DEBOUNCE_MS = 150;

/**
 * `<dataDir>/stripe/state.json`: written a moment after the last change (so a checkout that touches ten
 * objects is one write), through a temporary file and a rename so a crash never leaves half a document.
 */
export class StateFile<T> {
  private readonly file: string | null;
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    dataDir: string | undefined,
    private readonly snapshot: () => T,
    private readonly log: (line: string) => void,
  ) {
    this.file = dataDir ? path.join(dataDir, "stripe", "state.json") : null;
  }

  /** The stored document, or null on first start (or without a data directory). */
  async load(): Promise<unknown> {
    if (!this.file) return null;
    await mkdir(path.dirname(this.file), { recursive: true });
    const text = await readFile(this.file, "utf8").catch(() => "");
    if (!text) return null;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      this.log(`stripe: ${this.file} is not valid JSON; starting empty (the file is left as it was until the next change)`);
      return null;
    }
  }

  schedule(): void {
    if (!this.file || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.write();
    }, DEBOUNCE_MS);
    this.timer.unref();
  }

  /** Writes now if a write is pending; resolves once everything is on disk. */
  async flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
      await this.write();
    }
    await this.writing;
  }

  private write(): Promise<void> {
    const file = this.file;
    if (!file) return Promise.resolve();
    const text = JSON.stringify(this.snapshot());
    this.writing = this.writing.then(async () => {
      const temporary = `${file}.${process.pid}.tmp`;
      try {
        await writeFile(temporary, text);
        await rename(temporary, file);
      } catch (error) {
        this.log(`stripe: could not write ${file}: ${error instanceof Error ? error.message : String(error)}`);
      }
    });
    return this.writing;
  }
}
