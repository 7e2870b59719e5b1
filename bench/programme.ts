import { writeFileSync } from "node:fs";
import path from "node:path";
import postgres, { type Sql } from "postgres";
import { loadTest, type LoadOptions, type LoadResult } from "./load";
import { programmeProgress, rhythmTickOf, seedProgrammeMembers, type ProgrammeProgress, type ProgrammeSeed } from "./programme-seed";

// The programme's morning at scale (docs/programme.md): 10,000 members whose morning message falls
// due in the same minute, all with the coach bot linked. The scheduler's own tick (the
// programme-rhythm job, every minute) finds them; the bench times the tick to the last message
// Telegram accepted (the stand-in enforces about 30 a second: 10,000 take at least 333 s), checks
// none was lost or sent twice, and loads the app's public reads before and meanwhile.

export const PROGRAMME_MEMBERS = 10_000;
/** Telegram's limit across chats, and so the shortest the morning can take. */
const TELEGRAM_PER_SECOND = 30;
const TICK_LIMIT_MS = 3 * 60_000;
const DRAIN_LIMIT_MS = 40 * 60_000;

const READS: [string, string][] = [
  ["GET /api/ping", "/api/ping"],
  ["GET /api/cohorts?language=en", "/api/cohorts?language=en"],
  ["GET /api/config", "/api/config"],
];

export type ProgrammeReport = {
  members: number;
  /** The tick that found them due: when its job started and finished (the scheduler's own run). */
  tickStartedAt: string | null;
  schedulerSeconds: number | null;
  /** From the tick to the last message Telegram accepted. */
  tickToLastSentSeconds: number | null;
  messagesPerSecond: number | null;
  /** The most messages marked sent within one second of the database's clock. */
  busiestSecond: number | null;
  floorSeconds: number;
  progress: ProgrammeProgress;
  /** The stand-in's own counts over the run: calls let through, and refused with 429 (then waited out and sent again). */
  telegram: { accepted: number; refused: number } | null;
  before: Record<string, LoadResult>;
  meanwhile: Record<string, LoadResult>;
};

type StandInCounts = { accepted: number; refused: number };

async function standInCounts(apiUrl: string): Promise<StandInCounts | null> {
  const response = await fetch(new URL("/local/sends", apiUrl)).catch(() => null);
  if (!response?.ok) return null;
  const body = (await response.json()) as Partial<StandInCounts>;
  return { accepted: Number(body.accepted ?? 0), refused: Number(body.refused ?? 0) };
}

/** Makes the members' chats known to the stand-in, as each pressing Start in the bot's chat does. */
async function openChats(apiUrl: string, firstChatId: number, count: number): Promise<void> {
  for (let from = 0; from < count; from += 500) {
    const users = Array.from({ length: Math.min(500, count - from) }, (_, i) => ({
      id: firstChatId + from + i,
      first_name: `Member ${from + i}`,
    }));
    const response = await fetch(new URL("/local/chats", apiUrl), { method: "POST", body: JSON.stringify(users) });
    if (!response.ok) throw new Error(`the Telegram stand-in at ${apiUrl} did not take the chats (${response.status})`);
  }
}

async function loadReads(baseUrl: string, opts: LoadOptions, label: string): Promise<Record<string, LoadResult>> {
  const results: Record<string, LoadResult> = {};
  for (const [name, route] of READS) results[name] = await loadTest(new URL(route, baseUrl).toString(), opts, undefined, label);
  return results;
}

const median = (values: number[]): number | null => {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  return sorted.length ? (sorted[Math.floor((sorted.length - 1) / 2)] ?? null) : null;
};
const worst = (values: (number | null | undefined)[]): number | null => {
  const known = values.filter((v): v is number => typeof v === "number");
  return known.length ? Math.max(...known) : null;
};

/** Rounds of one load: the median throughput and latency, the worst tail. */
function combine(rounds: LoadResult[], note: string): LoadResult {
  return {
    status: rounds[0]?.status ?? null,
    rps: median(rounds.map((r) => r.rps ?? NaN)),
    p50Ms: median(rounds.map((r) => r.p50Ms ?? NaN)),
    p97_5Ms: worst(rounds.map((r) => r.p97_5Ms)),
    p99Ms: worst(rounds.map((r) => r.p99Ms)),
    non2xx: rounds.reduce((sum, r) => sum + (r.non2xx ?? 0), 0),
    errors: rounds.reduce((sum, r) => sum + (r.errors ?? 0), 0),
    note: `${note}; ${rounds.length} round(s): median rps and p50, worst p97.5 and p99`,
  };
}

async function busiestSecond(sql: Sql, seed: ProgrammeSeed): Promise<number | null> {
  const [row] = await sql<{ n: number | null }[]>`
    select max(n)::int as n from (
      select count(*) as n from public.telegram_outgoing_messages
      where chat_id >= ${seed.firstChatId} and chat_id < ${seed.firstChatId + seed.count} and outcome = 'sent'
      group by date_trunc('second', sent_at)
    ) t`;
  return row?.n ?? null;
}

const seconds = (from: Date, to: Date): number => Math.round((to.getTime() - from.getTime()) / 100) / 10;
const done = (p: ProgrammeProgress, count: number) => p.decided >= count && p.sent + p.undeliverable >= p.queued;

/**
 * The programme group: the public reads loaded, the members seeded, the scheduler's next tick
 * awaited, and the reads loaded in rounds until the last message is sent. `baseUrl` null: no loads
 * (a run without the web app). Writes bench/report-programme.json.
 */
export async function measureProgramme(
  baseUrl: string | null,
  databaseUrl: string,
  telegramApiUrl: string,
  opts: LoadOptions,
  count = PROGRAMME_MEMBERS,
): Promise<ProgrammeReport> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    if (!(await standInCounts(telegramApiUrl))) {
      throw new Error(`TELEGRAM_API_URL (${telegramApiUrl}) is not the Telegram stand-in: the programme bench counts what it receives`);
    }
    console.log(`[bench] programme: the public reads before (${opts.durationS} s each)`);
    const before = baseUrl ? await loadReads(baseUrl, opts, "before the programme's morning") : {};
    console.log(`[bench] programme: seeding ${count} members of one active cohort, their morning due now`);
    const seeded = performance.now();
    const seed = await seedProgrammeMembers(sql, count);
    await openChats(telegramApiUrl, seed.firstChatId, count);
    const standInBefore = await standInCounts(telegramApiUrl);
    console.log(`[bench] programme: seeded in ${Math.round((performance.now() - seeded) / 100) / 10} s; waiting for the scheduler's tick`);
    const tickDeadline = Date.now() + TICK_LIMIT_MS;
    let progress = await programmeProgress(sql, seed);
    while (progress.decided === 0 && Date.now() < tickDeadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      progress = await programmeProgress(sql, seed);
    }
    const tick = progress.decided > 0 ? await rhythmTickOf(sql, seed) : null;
    if (!tick)
      throw new Error(
        "no programme-rhythm run found the members within 3 minutes of the seed (is the job scheduled, and a worker running?)",
      );
    console.log(
      `[bench] programme: the tick started at ${tick.startedOn.toISOString()}; loading the public reads until the last message is sent`,
    );
    const rounds = new Map<string, LoadResult[]>();
    const drainDeadline = Date.now() + DRAIN_LIMIT_MS;
    while (!done(progress, count) && Date.now() < drainDeadline) {
      if (baseUrl) {
        for (const [name, result] of Object.entries(await loadReads(baseUrl, opts, "while the morning's messages go out"))) {
          rounds.set(name, [...(rounds.get(name) ?? []), result]);
        }
      } else await new Promise((resolve) => setTimeout(resolve, 2000));
      progress = await programmeProgress(sql, seed);
      console.log(`[bench] programme: ${progress.decided} decided, ${progress.queued} queued, ${progress.sent} sent`);
    }
    const finishedTick = (await rhythmTickOf(sql, seed)) ?? tick;
    const standInAfter = await standInCounts(telegramApiUrl);
    const lastSent = progress.sent === count ? progress.lastSentAt : null;
    const elapsed = lastSent ? seconds(tick.startedOn, lastSent) : null;
    const report: ProgrammeReport = {
      members: count,
      tickStartedAt: tick.startedOn.toISOString(),
      schedulerSeconds: finishedTick.completedOn ? seconds(finishedTick.startedOn, finishedTick.completedOn) : null,
      tickToLastSentSeconds: elapsed,
      messagesPerSecond: elapsed ? Math.round((count / elapsed) * 10) / 10 : null,
      busiestSecond: await busiestSecond(sql, seed),
      floorSeconds: Math.ceil(count / TELEGRAM_PER_SECOND),
      progress,
      telegram:
        standInBefore && standInAfter
          ? { accepted: standInAfter.accepted - standInBefore.accepted, refused: standInAfter.refused - standInBefore.refused }
          : null,
      before,
      meanwhile: Object.fromEntries([...rounds].map(([name, results]) => [name, combine(results, "while the morning's messages go out")])),
    };
    writeFileSync(path.join(import.meta.dirname, "report-programme.json"), `${JSON.stringify(report, null, 2)}\n`);
    return report;
  } finally {
    await sql.end();
  }
}

/** The programme group's figures as the bench's API entries: the morning itself, then each read before and meanwhile. */
export function programmeResults(report: ProgrammeReport): Record<string, LoadResult> {
  const p = report.progress;
  const morning: LoadResult = {
    status: p.sent === report.members && p.chatsTwice === 0 ? 200 : null,
    rps: report.messagesPerSecond,
    p99Ms: null,
    note:
      `${report.members} morning messages due in one minute: tick → last accepted by Telegram ${report.tickToLastSentSeconds ?? "-"} s ` +
      `(floor ${report.floorSeconds} s at ${TELEGRAM_PER_SECOND}/s; scheduler run ${report.schedulerSeconds ?? "-"} s; busiest second ${report.busiestSecond ?? "-"}); ` +
      `${p.sent} sent, ${p.undeliverable} undeliverable, ${p.chatsTwice} chats sent twice; ` +
      `stand-in: ${report.telegram ? `${report.telegram.accepted} accepted, ${report.telegram.refused} refused with 429` : "-"}`,
  };
  const results: Record<string, LoadResult> = { [`programme: ${report.members} morning messages (messages/s, tick → last sent)`]: morning };
  for (const [name, result] of Object.entries(report.before)) results[`${name} (programme: before)`] = result;
  for (const [name, result] of Object.entries(report.meanwhile)) results[`${name} (programme: meanwhile)`] = result;
  return results;
}
