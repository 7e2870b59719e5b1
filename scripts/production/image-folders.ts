// The folders a Docker build of the Dockerfile works in, made without Docker: the build context
// (what .dockerignore admits) and the final image's /app (the context after the build, less what the
// image leaves out, with production dependencies only).
import { cpSync, linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, symlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/** What the Dockerfile's last stage leaves out of the image (besides dev dependencies and the build cache). */
export const IMAGE_LEAVES_OUT = ["tests", "bench", "local"] as const;

type Rule = { pattern: RegExp; include: boolean };

/** A .dockerignore pattern as a regular expression over paths relative to the context (`**` any depth, `*` and `?` within a name). */
function patternRegExp(pattern: string): RegExp {
  const body = pattern
    .replace(/^\/+|\/+$/g, "")
    .split(/(\*\*\/?|\*|\?)/)
    .map((part) =>
      part.startsWith("**") ? "(?:.*/)?" : part === "*" ? "[^/]*" : part === "?" ? "[^/]" : part.replace(/[.+^${}()|[\]\\]/g, "\\$&"),
    )
    .join("");
  return new RegExp(`^${body}$`);
}

/** The rules of a .dockerignore file, in order (a later rule wins; `!` admits again). */
export function dockerignoreRules(text: string): Rule[] {
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("#"))
    .map((line) =>
      line.startsWith("!") ? { pattern: patternRegExp(line.slice(1)), include: true } : { pattern: patternRegExp(line), include: false },
    );
}

/** Whether a path of the context (relative, `/`-separated) is sent to the build: a folder left out leaves out what it holds. */
export function admitted(rules: Rule[], relativePath: string): boolean {
  const parts = relativePath.split("/");
  let admit = true;
  for (const rule of rules) {
    const matches = parts.some((_, i) => rule.pattern.test(parts.slice(0, i + 1).join("/")));
    if (matches) admit = rule.include;
  }
  return admit;
}

/** A fresh temporary folder, removed by `onRemove`'s registration at the end of the run. */
export function temporaryFolder(prefix: string, onRemove: (remove: () => void) => void): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  onRemove(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Copies into `target` what `docker build` sends from `root`: every file .dockerignore admits. */
export function copyBuildContext(root: string, target: string): string[] {
  const rules = dockerignoreRules(readFileSync(path.join(root, ".dockerignore"), "utf8"));
  const copied: string[] = [];
  const walk = (relative: string): void => {
    for (const entry of readdirSync(path.join(root, relative), { withFileTypes: true })) {
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      if (!admitted(rules, child)) continue;
      if (entry.isDirectory()) {
        walk(child);
      } else {
        cpSync(path.join(root, child), path.join(target, child));
        copied.push(child);
      }
    }
  };
  walk("");
  return copied;
}

/** The final image's /app: the built context without its dependencies, build cache and what the image leaves out. */
export function copyImageApp(context: string, target: string): void {
  const leftOut = new Set<string>(["node_modules", ...IMAGE_LEAVES_OUT]);
  for (const entry of readdirSync(context).filter((name) => !leftOut.has(name))) {
    cpSync(path.join(context, entry), path.join(target, entry), {
      recursive: true,
      filter: (source) => source !== path.join(context, ".next", "cache"),
    });
  }
}

/** `source`'s tree again at `target`, its files hard links (no bytes copied): for a dependency tree nothing writes into. */
export function linkTree(source: string, target: string): void {
  mkdirSync(target, { recursive: true });
  for (const entry of readdirSync(source, { withFileTypes: true })) {
    const from = path.join(source, entry.name);
    const to = path.join(target, entry.name);
    if (entry.isDirectory()) linkTree(from, to);
    else if (entry.isSymbolicLink()) symlinkSync(readlinkSync(from), to);
    else linkSync(from, to);
  }
}
