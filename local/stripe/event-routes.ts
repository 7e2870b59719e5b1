import { paginate, readPage } from "./list-page";
import { must, render } from "./route-helpers";
import type { ApiRoute } from "./stripe-context";
import { invalidParam } from "./stripe-error";

/** `type` matches exactly, or by prefix with a trailing `*` (`customer.subscription.*`), as Stripe's filter does. */
function typeMatcher(pattern: string): (type: string) => boolean {
  if (pattern.endsWith("*")) return (type) => type.startsWith(pattern.slice(0, -1));
  return (type) => type === pattern;
}

export const eventRoutes: ApiRoute[] = [
  {
    method: "GET",
    path: /^\/events\/([^/]+)$/,
    handle: (rq, [id = ""]) => {
      rq.params.done();
      return render(rq, must(rq.ctx.store.events.get(id), "event", id));
    },
  },
  {
    method: "GET",
    path: "/events",
    handle: (rq) => {
      const p = rq.params;
      const page = readPage(p);
      const type = p.str("type");
      const types = p.strings("types");
      p.done();
      if (type !== undefined && types !== undefined)
        throw invalidParam("types", "You may only specify one of these parameters: type, types.");
      const matchers = (types ?? (type !== undefined ? [type] : [])).map(typeMatcher);
      const found = rq.ctx.store.events.newestFirst().filter((event) => !matchers.length || matchers.some((match) => match(event.type)));
      return render(rq, paginate(rq.ctx, found, page, "/v1/events", "event"));
    },
  },
];
