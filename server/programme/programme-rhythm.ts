import "server-only";
import { dueMessages, SKIP_REASONS, type DueMessage } from "@/lib/programme/programme-schedule";
import type { ProgrammeTexts } from "@/lib/programme/programme-texts";
import { db } from "../db/client";
import { readProgrammeMembers, type ProgrammeMember } from "../db/programme/programme-members";
import { insertProgrammeDecisions, linkProgrammeSends, type ProgrammeDecision } from "../db/programme/programme-sends";
import { readProgrammeTexts } from "../db/programme/programme-texts";
import { queueEmailRow } from "../email/outbox";
import { PROGRAMME_EMAIL_MAX_LENGTH, type OutboxEmailData } from "../email/outbox-kinds";
import { log } from "../log";
import { memberAffiliateLink } from "../referrals/affiliate-identity";
import { queueTelegramMessages } from "../telegram/queue-telegram-message";
import { calendarFile, composeMessage, totalDays } from "./programme-compose";

// The programme-rhythm job, every minute (docs/programme.md): reads the members the programme may
// concern now, works out what is due for each in their own zone (lib/programme/programme-schedule.ts)
// and, in transactions of a few hundred, records each decision and queues its message by the bot or
// by email. A decision already recorded (another run, a run twice in a minute) is not recorded
// again and its message is not queued again: the row goes in first, the message only with it.

const BATCH = 200;

type Planned = {
  decision: ProgrammeDecision;
  chatId: number | null;
  text: string | null;
  email: { to: string; data: OutboxEmailData<"programme-message"> } | null;
};

export type RhythmSummary = { members: number; due: number; bot: number; email: number; skipped: number };

function channelOf(member: ProgrammeMember): "bot" | "email" | null {
  if (member.channel === "bot" && member.chatId !== null && !member.botBlocked) return "bot";
  return member.email ? "email" : null;
}

async function plan(member: ProgrammeMember, due: DueMessage, texts: ProgrammeTexts): Promise<Planned> {
  const base = { seatId: member.seatId, userId: member.userId, cohortId: member.cohortId, message: due.message, forDate: due.forDate };
  const decision: ProgrammeDecision = { ...base, day: due.day, channel: "skipped", skippedReason: due.reason };
  const channel = due.action === "send" ? channelOf(member) : null;
  if (!channel)
    return { decision: { ...decision, skippedReason: due.reason ?? SKIP_REASONS.noChannel }, chatId: null, text: null, email: null };
  const total = totalDays(member);
  const referralUrl = due.message === "story-invite" && !member.referralCode ? await memberAffiliateLink(member.userId) : null;
  const composed = composeMessage(member, due, texts, { total, channel, referralUrl });
  const sending = { ...decision, channel, skippedReason: null };
  if (channel === "bot") return { decision: sending, chatId: member.chatId, text: composed.text, email: null };
  const calendar = due.message === "day-before" ? calendarFile(member, total) : undefined;
  const body = composed.text.slice(0, PROGRAMME_EMAIL_MAX_LENGTH);
  const data = { subject: composed.subject, body, ...(calendar ? { calendar } : {}) };
  return { decision: sending, chatId: null, text: null, email: { to: member.email!, data } };
}

const keyOf = (d: { seatId: string; message: string; forDate: string }) => `${d.seatId}|${d.message}|${d.forDate}`;

/** Records a batch of decisions and queues the messages of those that went in; what was queued. */
async function recordAndQueue(batch: Planned[]): Promise<{ bot: number; email: number; skipped: number }> {
  return db().begin(async (tx) => {
    const inserted = await insertProgrammeDecisions(
      tx,
      batch.map((p) => p.decision),
    );
    const byKey = new Map(batch.map((p) => [keyOf(p.decision), p]));
    const bot: { id: string; chatId: number; text: string }[] = [];
    const links: { id: string; telegramMessageId?: string; emailOutboxId?: string }[] = [];
    let skipped = 0;
    for (const row of inserted) {
      const planned = byKey.get(keyOf(row));
      if (planned?.chatId != null && planned.text) bot.push({ id: row.id, chatId: planned.chatId, text: planned.text });
      else if (planned?.email) {
        const outboxId = await queueEmailRow(tx, { kind: "programme-message", ...planned.email, dedupeKey: `programme:${row.id}` });
        if (outboxId) links.push({ id: row.id, emailOutboxId: outboxId });
      } else skipped += 1;
    }
    const messageIds = await queueTelegramMessages(tx, bot);
    bot.forEach((message, index) => links.push({ id: message.id, telegramMessageId: messageIds[index]! }));
    await linkProgrammeSends(tx, links);
    return { bot: bot.length, email: links.length - bot.length, skipped };
  });
}

/** The programme-rhythm job: what is due now goes out once, in each member's own time. */
export async function runProgrammeRhythm(now: Date = new Date()): Promise<RhythmSummary> {
  const [members, texts] = await Promise.all([readProgrammeMembers(now), readProgrammeTexts()]);
  const planned: Planned[] = [];
  for (const member of members) {
    const due = dueMessages(
      {
        timeZone: member.timeZone,
        morningHour: member.morningHour,
        enrolledAt: member.enrolledAt,
        paused: member.paused,
        cohort: { start: member.start, end: member.end, durationDays: member.durationDays },
        decided: new Set(member.decided),
      },
      now,
    );
    for (const message of due) planned.push(await plan(member, message, texts));
  }
  const summary: RhythmSummary = { members: members.length, due: planned.length, bot: 0, email: 0, skipped: 0 };
  let failure: unknown = null;
  for (let i = 0; i < planned.length; i += BATCH) {
    // A batch that fails leaves the others to go out; the job fails after them and runs again.
    try {
      const queued = await recordAndQueue(planned.slice(i, i + BATCH));
      summary.bot += queued.bot;
      summary.email += queued.email;
      summary.skipped += queued.skipped;
    } catch (error) {
      log.error("A batch of programme messages could not be recorded", { error });
      failure ??= error;
    }
  }
  if (planned.length > 0) log.info("The programme's rhythm ran", { ...summary });
  if (failure) throw failure;
  return summary;
}
