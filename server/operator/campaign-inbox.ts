import "server-only";
import type { ContactMessageRow, HandledFilter, PartnerPledgeRow } from "@/lib/operator/campaign-lists";
import { toListPage, type ListCursor, type ListPage } from "@/lib/operator/list-query";
import {
  listContactMessages,
  listPartnerPledges,
  lockHandledMark,
  setHandledMark,
  type InboxTable,
} from "../db/operator/operator-campaign-inbox";
import { ApiError } from "../http/api-error";
import { operatorChange } from "./operator-change";

// D17, Campaign: partner pledges and contact messages, each marked handled once the team has
// answered it (or marked not handled again), every change written to the audit log with it.

export async function partnerPledgePage(show: HandledFilter, after: ListCursor | null): Promise<ListPage<PartnerPledgeRow>> {
  return toListPage(await listPartnerPledges(show, after), (row) => row.cursor);
}

export async function contactMessagePage(show: HandledFilter, after: ListCursor | null): Promise<ListPage<ContactMessageRow>> {
  return toListPage(await listContactMessages(show, after), (row) => row.cursor);
}

type HandledResult = { id: string; handled: boolean; handledAt: string | null; changed: boolean };

const SUBJECTS: Record<InboxTable, { subjectType: string; notFound: string }> = {
  campaign_partners: { subjectType: "partner_pledge", notFound: "This partner pledge does not exist." },
  campaign_contact_messages: { subjectType: "contact_message", notFound: "This contact message does not exist." },
};

const state = (handledAt: Date | null) => ({ handled: handledAt !== null, handled_at: handledAt?.toISOString() ?? null });

/** Marks it handled by this operator, or not handled; a mark it already has changes nothing (and is not logged). */
async function setHandled(table: InboxTable, operatorId: string, id: string, handled: boolean): Promise<HandledResult> {
  const { subjectType, notFound } = SUBJECTS[table];
  return operatorChange<HandledResult>(operatorId, async (tx) => {
    const current = await lockHandledMark(tx, table, id);
    if (!current) throw new ApiError("not_found", notFound);
    if ((current.handledAt !== null) === handled) {
      return { result: { id, handled, handledAt: current.handledAt?.toISOString() ?? null, changed: false }, audit: null };
    }
    const handledAt = await setHandledMark(tx, table, id, handled ? operatorId : null);
    return {
      result: { id, handled, handledAt: handledAt?.toISOString() ?? null, changed: true },
      audit: {
        action: `${subjectType}.${handled ? "handle" : "unhandle"}`,
        subjectType,
        subjectId: id,
        before: state(current.handledAt),
        after: state(handledAt),
      },
    };
  });
}

export const setPartnerPledgeHandled = (operatorId: string, id: string, handled: boolean) =>
  setHandled("campaign_partners", operatorId, id, handled);

export const setContactMessageHandled = (operatorId: string, id: string, handled: boolean) =>
  setHandled("campaign_contact_messages", operatorId, id, handled);
