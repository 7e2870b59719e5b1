import "server-only";
import { SKIP_REASONS } from "@/lib/programme/programme-schedule";
import { db } from "../db/client";
import { lockProgrammeSendOfTelegramMessage, markBotBlocked, moveProgrammeSendOffBot } from "../db/programme/programme-sends";
import { markTelegramMessageSent } from "../db/telegram/telegram-messages";
import { queueEmailRow } from "../email/outbox";
import { calendarFile, programmeSubject, totalDays } from "./programme-compose";

// Telegram refused a coach bot message for good (the member blocked the bot, or the chat is gone).
// A programme message is not lost: in the same transaction that records the refusal, the member is
// marked as not reachable by the bot (programme_preferences.bot_blocked_at, which the operator's
// cohort page shows and which sends what follows by email) and this message goes by email instead,
// its decision row moved to the email channel (one row per seat, message and date: docs/programme.md).

/** Records the refusal of message `id` (with its reason); true when it was a programme message moved off the bot. */
export async function settleRefusedTelegramMessage(id: string, text: string, reason: string): Promise<boolean> {
  return db().begin(async (tx) => {
    await markTelegramMessageSent(id, "undeliverable", reason, tx);
    const send = await lockProgrammeSendOfTelegramMessage(tx, id);
    if (!send) return false;
    await markBotBlocked(tx, send.userId);
    const outboxId = send.email
      ? await queueEmailRow(tx, {
          kind: "programme-message",
          to: send.email,
          data: {
            subject: programmeSubject(send, send.cohortName, totalDays(send)),
            body: text,
            ...(send.message === "day-before" ? { calendar: calendarFile(send, totalDays(send)) } : {}),
          },
          dedupeKey: `programme:${send.id}`,
        })
      : null;
    await moveProgrammeSendOffBot(tx, send.id, outboxId, SKIP_REASONS.noChannel);
    return true;
  });
}
