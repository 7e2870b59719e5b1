import { expand } from "./expand";
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
