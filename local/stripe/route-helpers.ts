import { expand } from "./expand";
import { paginate, readPage } from "./list-page";
import type { ApiRequest } from "./stripe-context";
import { noSuch } from "./stripe-error";
import type { JsonObject } from "./stripe-objects";

/** The response body for one object, with the request's `expand[]` applied. */
export function render(rq: ApiRequest, object: JsonObject): JsonObject {
  return expand(rq.ctx, object, rq.expand);
}

/** The object, or Stripe's `resource_missing` ("No such customer: 'cus_x'"). */
export function must<T>(found: T | undefined, objectName: string, id: string, param = "id"): T {
  if (found === undefined) throw noSuch(objectName, id, param);
  return found;
}

/** Stripe's deleted-object reply. */
export const deleted = (id: string, object: string) => ({ id, object, deleted: true });

/**
 * A list endpoint whose filters are exact matches on fields of the same name, as Stripe's
 * `?customer=` or `?payment_intent=` are. Unknown parameters are still refused.
 */
export function listMatching<T extends JsonObject & { id: string }>(
  rq: ApiRequest,
  items: T[],
  filters: readonly string[],
  url: string,
  objectName: string,
): JsonObject {
  const page = readPage(rq.params);
  const wanted = filters.flatMap((field) => {
    const value = rq.params.str(field);
    return value === undefined ? [] : [[field, value] as const];
  });
  rq.params.done();
  const found = items.filter((item) => wanted.every(([field, value]) => item[field] === value));
  return render(rq, paginate(rq.ctx, found, page, url, objectName));
}
