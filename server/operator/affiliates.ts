import "server-only";
import {
  AFFILIATE_ID,
  type AffiliateListRow,
  type AffiliateSort,
  type OperatorAffiliate,
  type OperatorLedgerEntry,
} from "@/lib/operator/affiliates";
import { LIST_PAGE_SIZE, toListPage, type ListCursor, type ListPage, type ListQuery } from "@/lib/operator/list-query";
import { keysetNumberAfter, keysetTimeAfter } from "@/lib/paging/keyset-cursor";
import { getOperatorAffiliateRow, listAffiliateRows, listLedgerEntries } from "../db/operator/operator-affiliates";

// D17, Affiliates: the list and one affiliate's page, read a page at a time through indexes.

/** A cursor from the URL, checked against the sort it was made for; anything else reads the first page. */
function affiliateListAfter(sort: AffiliateSort, cursor: ListCursor | null): { value: string | number; id: string } | null {
  if (sort === "joined") {
    const after = keysetTimeAfter(cursor);
    return after && { value: after.at, id: after.id };
  }
  return keysetNumberAfter(cursor);
}

/** A page of affiliates in the chosen order, found by the start of their email or code when `q` is given. */
export async function affiliateListPage(query: ListQuery<AffiliateSort>): Promise<ListPage<AffiliateListRow>> {
  const rows = await listAffiliateRows({
    sort: query.sort,
    dir: query.dir,
    prefix: query.q.toLowerCase(),
    after: affiliateListAfter(query.sort, query.after),
    limit: LIST_PAGE_SIZE + 1,
  });
  const page = toListPage(rows, (record) => [record.sortKey, record.row.userId]);
  return { rows: page.rows.map((record) => record.row), next: page.next };
}

export async function operatorAffiliate(affiliateUserId: string): Promise<OperatorAffiliate | null> {
  return AFFILIATE_ID.test(affiliateUserId) ? getOperatorAffiliateRow(affiliateUserId) : null;
}

/** A page of the affiliate's ledger, newest first; the cursor names the last entry shown by its time and id. */
export async function affiliateLedgerPage(affiliateUserId: string, cursor: ListCursor | null): Promise<ListPage<OperatorLedgerEntry>> {
  const rows = await listLedgerEntries(affiliateUserId, keysetTimeAfter(cursor), LIST_PAGE_SIZE + 1);
  const page = toListPage(rows, (record) => [record.cursorAt, record.entry.id]);
  return { rows: page.rows.map((record) => record.entry), next: page.next };
}
