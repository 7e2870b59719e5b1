import type { ParamReader } from "./param-reader";
import { present } from "./present";
import { seconds, type StripeContext } from "./stripe-context";
import { noSuch } from "./stripe-error";
import type { JsonObject, ListObject } from "./stripe-objects";

export type PageParams = { limit: number; startingAfter?: string; endingBefore?: string };

/** Reads Stripe's cursor pagination parameters (`limit` 1–100, default 10). */
export function readPage(p: ParamReader): PageParams {
  return {
    limit: p.int("limit", { min: 1, max: 100 }) ?? 10,
    startingAfter: p.str("starting_after"),
    endingBefore: p.str("ending_before"),
  };
}

/** One page of `items` (already filtered, newest first) in Stripe's list shape. */
export function paginate<T extends JsonObject & { id: string }>(
  ctx: StripeContext,
  items: T[],
  page: PageParams,
  url: string,
  objectName: string,
): ListObject<JsonObject> {
  let slice: T[];
  let hasMore: boolean;
  const indexOf = (id: string, param: string) => {
    const index = items.findIndex((item) => item.id === id);
    if (index < 0) throw noSuch(objectName, id, param);
    return index;
  };
  if (page.startingAfter) {
    const start = indexOf(page.startingAfter, "starting_after") + 1;
    slice = items.slice(start, start + page.limit);
    hasMore = start + page.limit < items.length;
  } else if (page.endingBefore) {
    const end = indexOf(page.endingBefore, "ending_before");
    const start = Math.max(0, end - page.limit);
    slice = items.slice(start, end);
    hasMore = start > 0;
  } else {
    slice = items.slice(0, page.limit);
    hasMore = items.length > page.limit;
  }
  const now = seconds(ctx);
  return { object: "list", data: slice.map((item) => present(item, ctx.store, now)), has_more: hasMore, url };
}

/** A list's `created` filter: an exact timestamp or a range (`created[gte]`, `[gt]`, `[lte]`, `[lt]`), as Stripe takes it. */
export type CreatedFilter = (created: number) => boolean;

export function readCreated(p: ParamReader): CreatedFilter {
  if (!p.isHash("created")) {
    const exact = p.int("created");
    return (created) => exact === undefined || created === exact;
  }
  const range = p.hashOf("created");
  if (!range) return () => true;
  const gt = range.int("gt");
  const gte = range.int("gte");
  const lt = range.int("lt");
  const lte = range.int("lte");
  return (created) =>
    (gt === undefined || created > gt) &&
    (gte === undefined || created >= gte) &&
    (lt === undefined || created < lt) &&
    (lte === undefined || created <= lte);
}
