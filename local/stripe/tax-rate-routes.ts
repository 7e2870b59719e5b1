import { paginate, readPage } from "./list-page";
import { mergeMetadata, metadataChanges, metadataOf } from "./metadata";
import type { ParamReader } from "./param-reader";
import { must, render } from "./route-helpers";
import { seconds, type ApiRoute } from "./stripe-context";
import { newId } from "./random-ids";
import type { JsonObject, TaxRateObject } from "./stripe-objects";

const TAX_TYPES = [
  "amusement_tax",
  "communications_tax",
  "gst",
  "hst",
  "igst",
  "jct",
  "lease_tax",
  "pst",
  "qst",
  "retail_delivery_fee",
  "rst",
  "sales_tax",
  "service_tax",
  "vat",
] as const;

/** The optional descriptive fields shared by create and update; `key=` clears one. */
function readDescriptive(p: ParamReader): Record<string, string | null> {
  const values: Record<string, string | null> = {};
  for (const key of ["description", "country", "state", "jurisdiction"]) {
    const value = p.str(key, { max: 500 });
    if (value !== undefined) values[key] = key === "country" ? value.toUpperCase() : value;
    else if (p.unset(key)) values[key] = null;
  }
  const taxType = p.oneOf("tax_type", TAX_TYPES);
  if (taxType !== undefined) values.tax_type = taxType;
  return values;
}

const createTaxRate: ApiRoute["handle"] = (rq) => {
  const { ctx, params: p } = rq;
  const displayName = p.str("display_name", { required: true, max: 50 }) ?? "";
  const percentage = p.decimal("percentage", { required: true, min: 0, max: 100 }) ?? 0;
  const inclusive = p.bool("inclusive", { required: true }) ?? false;
  const active = p.bool("active") ?? true;
  const descriptive = readDescriptive(p);
  const metadata = metadataOf(p.metadata());
  p.done();
  const taxRate: TaxRateObject = {
    id: newId("txr"),
    object: "tax_rate",
    active,
    country: null,
    created: seconds(ctx),
    description: null,
    display_name: displayName,
    effective_percentage: percentage,
    flat_amount: null,
    inclusive,
    jurisdiction: null,
    jurisdiction_level: null,
    livemode: false,
    metadata,
    percentage,
    rate_type: "percentage",
    state: null,
    tax_type: null,
    ...descriptive,
  };
  ctx.store.taxRates.add(taxRate);
  ctx.store.changed();
  ctx.events.emit("tax_rate.created", taxRate, { origin: rq.origin });
  return render(rq, taxRate);
};

const updateTaxRate: ApiRoute["handle"] = (rq, [id = ""]) => {
  const { ctx, params: p } = rq;
  const active = p.bool("active");
  const displayName = p.str("display_name", { max: 50 });
  const descriptive = readDescriptive(p);
  const metadata = p.metadata();
  p.done();
  const taxRate = must(ctx.store.taxRates.get(id), "tax_rate", id);
  const changes: JsonObject = { ...descriptive };
  if (active !== undefined) changes.active = active;
  if (displayName !== undefined) changes.display_name = displayName;
  const previous: JsonObject = {};
  for (const [key, value] of Object.entries(changes)) {
    if (taxRate[key] !== value) {
      previous[key] = taxRate[key] ?? null;
      taxRate[key] = value;
    }
  }
  const next = mergeMetadata(taxRate.metadata, metadata);
  const changed = metadataChanges(taxRate.metadata, next);
  if (changed) previous.metadata = changed;
  taxRate.metadata = next;
  ctx.store.changed();
  if (Object.keys(previous).length) ctx.events.emit("tax_rate.updated", taxRate, { previous, origin: rq.origin });
  return render(rq, taxRate);
};

export const taxRateRoutes: ApiRoute[] = [
  { method: "POST", path: "/tax_rates", handle: createTaxRate },
  {
    method: "GET",
    path: /^\/tax_rates\/([^/]+)$/,
    handle: (rq, [id = ""]) => {
      rq.params.done();
      return render(rq, must(rq.ctx.store.taxRates.get(id), "tax_rate", id));
    },
  },
  { method: "POST", path: /^\/tax_rates\/([^/]+)$/, handle: updateTaxRate },
  {
    method: "GET",
    path: "/tax_rates",
    handle: (rq) => {
      const p = rq.params;
      const page = readPage(p);
      const active = p.bool("active");
      const inclusive = p.bool("inclusive");
      p.done();
      const found = rq.ctx.store.taxRates
        .newestFirst()
        .filter((t) => (active === undefined || t.active === active) && (inclusive === undefined || t.inclusive === inclusive));
      return render(rq, paginate(rq.ctx, found, page, "/v1/tax_rates", "tax_rate"));
    },
  },
];
