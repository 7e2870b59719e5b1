import { afterAll, describe, expect, it } from "vitest";
import { testSql } from "../fixtures/db";

// What the roles a browser can act as (the anon key, a member's token) may do in the database. The
// Data API serves the exposed schemas (Supabase's defaults); every object there is listed below with
// its rights, so a new table or function fails this test until someone decides what browsers get.
// Objects in other schemas these roles can enter are listed only when they grant something.
const EXPOSED_SCHEMAS = ["public", "graphql_public"];

type Rights = { anon: string[]; authenticated: string[] };
const nothing: Rights = { anon: [], authenticated: [] };
const everyone = (...rights: string[]): Rights => ({ anon: rights, authenticated: rights });
const members = (...rights: string[]): Rights => ({ anon: [], authenticated: rights });

const ALLOWED: Record<string, Rights> = {
  "schema auth": everyone("USAGE"),
  "schema public": everyone("USAGE"),
  // RLS policies call these as the requesting role.
  "function auth.jwt()": everyone("EXECUTE"),
  "function auth.role()": everyone("EXECUTE"),
  "function auth.uid()": everyone("EXECUTE"),

  "table public.account_setup_tokens": nothing,
  // The affiliate programme's codes, visits, leads and commission ledger: the product backend only.
  "table public.affiliates": nothing,
  // Each affiliate's counters (visits, leads, conversions, commission earned and paid).
  "table public.affiliate_figures": nothing,
  "table public.commission_entries": nothing,
  "table public.commission_payout_items": nothing,
  "table public.commission_payouts": nothing,
  "table public.email_outbox": nothing,
  // The programme's texts, members' choices, decisions and feedback: the product backend only.
  "table public.programme_feedback": nothing,
  "table public.programme_preferences": nothing,
  "table public.programme_sends": nothing,
  "table public.programme_texts": nothing,
  "table public.referral_leads": nothing,
  // Each affiliate's visits, leads and conversions per UTC day, kept by triggers.
  "table public.referral_funnel_days": nothing,
  "table public.referral_visits": nothing,
  // Doctor's clearances asked for and confirmed by link (addresses, names, token hashes): the product backend only.
  "table public.safety_clearances": nothing,
  // Which browser signed up with the password an unconfirmed account holds (finding 1).
  "table public.sign_up_proofs": nothing,
  // The awareness campaign's pledges, stories, partners and messages: the product backend only (D6).
  // Pledges and partner pledges waiting for their address to confirm them (D18).
  "table public.address_confirmations": nothing,
  "table public.campaign_contact_messages": nothing,
  // Pledges per UTC day and badge tier, kept by triggers for the operator's counts.
  "table public.campaign_pledge_days": nothing,
  "table public.campaign_partners": nothing,
  "table public.campaign_pledges": nothing,
  "table public.campaign_stories": nothing,
  "table public.cohort_seats": members("SELECT"),
  // A full cohort's waitlist (addresses and offer-token hashes): the product backend only.
  "table public.cohort_waitlist": nothing,
  // A cohort's announcements and the inboxes that unsubscribed from them: the product backend only.
  "table public.cohort_announcements": nothing,
  "table public.announcement_unsubscribes": nothing,
  "table public.cohorts": everyone("SELECT"),
  "table public.newsletter_subscribers": nothing,
  // D17: the operator audit log is written and read by the product backend only (append-only).
  "table public.operator_audit_log": nothing,
  "sequence public.operator_audit_log_id_seq": nothing,
  // Operators' refunds and each session's fresh sign-in for money actions.
  "table public.operator_fresh_sign_ins": nothing,
  "table public.order_refunds": nothing,
  // The order list's totals per UTC day, currency and money status, and the changes not folded yet.
  "table public.order_total_days": nothing,
  "table public.order_total_changes": nothing,
  "sequence public.order_total_changes_id_seq": nothing,
  "table public.orders": members("SELECT"),
  "table public.rate_limit_hits": nothing,
  // Posts, their edit-token hashes and stories are read and changed by the product backend only.
  "table public.social_post_images": nothing,
  "table public.social_posts": nothing,
  "table public.story_uploads": nothing,
  "table public.story_upload_daily_bytes": nothing,
  "table public.stripe_events": nothing,
  "table public.subscriptions": members("SELECT"),
  // The coach bot's links, start tokens, processed updates and QR scans: the product backend only.
  "table public.telegram_link_proofs": nothing,
  "table public.telegram_link_requests": nothing,
  "table public.telegram_links": nothing,
  "table public.telegram_outgoing_messages": nothing,
  "table public.telegram_qr_scans": nothing,
  "table public.telegram_start_tokens": nothing,
  "table public.telegram_story_posts": nothing,
  "table public.telegram_story_sessions": nothing,
  "table public.telegram_updates": nothing,
  // Work we owe, in and out, over the outbox-like tables above: the product backend only.
  "view public.owed_work": nothing,
  // Members read their own row, but not its user_type (SPEC §6, D17: an operator is not told apart);
  // the bot set-up is saved through the product's API only.
  "table public.users": members("SELECT (id, email, botsetup_completed, botsetup_step, created_at, updated_at)"),
  // Real-user Web Vitals: written and read by the product backend only.
  "table public.web_vitals": nothing,

  "function public.add_affiliate_figures()": nothing,
  "function public.campaign_pledge_tier(bigint)": nothing,
  "function public.claim_paid_orders(uuid, text)": nothing,
  "function public.count_campaign_pledge_days()": nothing,
  "function public.count_commission()": nothing,
  "function public.count_commission_paid()": nothing,
  "function public.count_conversion_days()": nothing,
  "function public.count_conversions()": nothing,
  "function public.count_order_total_days()": nothing,
  "function public.count_referral_lead_days()": nothing,
  "function public.count_referral_leads()": nothing,
  "function public.count_referral_visit_days()": nothing,
  "function public.count_referral_visits()": nothing,
  "function public.fold_order_total_changes()": nothing,
  "function public.guard_operator_audit_actor()": nothing,
  "function public.guard_user_identity()": nothing,
  "function public.handle_auth_user_confirmed()": nothing,
  "function public.handle_auth_user_email()": nothing,
  "function public.order_list_status(text, integer)": nothing,
  "function public.refuse_ledger_change()": nothing,
  "function public.set_updated_at()": nothing,
};

const sql = testSql();

afterAll(async () => {
  await sql.end();
});

type Grant = { object: string; exposed: boolean; role: keyof Rights | null; privilege: string | null };

/** Every schema, relation and routine anon or authenticated can reach, with each right they hold. */
async function grantsToApiRoles(): Promise<Record<string, Rights>> {
  const rows = await sql<Grant[]>`
    with api_role(role) as (values ('anon'), ('authenticated')),
    schema as (
      select n.oid, n.nspname, n.nspname = any(${EXPOSED_SCHEMAS}) as exposed from pg_namespace n
      where n.nspname = any(${EXPOSED_SCHEMAS})
        or (n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'
          and exists (select 1 from api_role r where has_schema_privilege(r.role, n.oid, 'USAGE')))
    ),
    relation as (
      select c.oid, s.exposed, c.relkind,
        format('%s %I.%I', case c.relkind when 'S' then 'sequence' when 'v' then 'view' when 'm' then 'materialized view'
          when 'f' then 'foreign table' else 'table' end, s.nspname, c.relname) as object
      from pg_class c join schema s on s.oid = c.relnamespace where c.relkind in ('r', 'p', 'v', 'm', 'f', 'S')
    ),
    routine as (
      select p.oid, s.exposed, format('function %I.%I(%s)', s.nspname, p.proname, oidvectortypes(p.proargtypes)) as object
      from pg_proc p join schema s on s.oid = p.pronamespace
    ),
    granted as (
      select 'schema ' || s.nspname as object, r.role, priv as privilege
      from schema s, api_role r, unnest(array['USAGE', 'CREATE']) priv
      where has_schema_privilege(r.role, s.oid, priv)
      union all
      select rel.object, r.role, priv
      from relation rel, api_role r, unnest(array['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'TRUNCATE', 'REFERENCES', 'TRIGGER']) priv
      where rel.relkind <> 'S' and has_table_privilege(r.role, rel.oid, priv)
      union all
      select rel.object, r.role, format('%s (%s)', priv, string_agg(quote_ident(a.attname), ', ' order by a.attnum))
      from relation rel cross join api_role r cross join unnest(array['SELECT', 'INSERT', 'UPDATE', 'REFERENCES']) priv
      join pg_attribute a on a.attrelid = rel.oid and a.attnum > 0 and not a.attisdropped
      where rel.relkind <> 'S' and not has_table_privilege(r.role, rel.oid, priv)
        and has_column_privilege(r.role, rel.oid, a.attnum, priv)
      group by rel.object, r.role, priv
      union all
      select rel.object, r.role, priv
      from relation rel, api_role r, unnest(array['USAGE', 'SELECT', 'UPDATE']) priv
      where rel.relkind = 'S' and has_sequence_privilege(r.role, rel.oid, priv)
      union all
      select fn.object, r.role, 'EXECUTE' from routine fn, api_role r where has_function_privilege(r.role, fn.oid, 'EXECUTE')
    )
    select object, true as exposed, null as role, null as privilege from relation where exposed
    union all select object, true, null, null from routine where exposed
    union all select object, false, role, privilege from granted`;

  const rights: Record<string, Rights> = {};
  for (const row of rows) {
    const entry = (rights[row.object] ??= { anon: [], authenticated: [] });
    if (row.role && row.privilege) entry[row.role].push(row.privilege);
  }
  for (const entry of Object.values(rights)) {
    entry.anon.sort();
    entry.authenticated.sort();
  }
  return rights;
}

describe("what the anon key and a member's token may do in the database", () => {
  it("grants exactly the allow-list on every table, view, sequence and function the Data API can reach", async () => {
    expect(await grantsToApiRoles()).toEqual(ALLOWED);
  });

  it("enables row-level security on every table of an exposed schema, and views run as the caller", async () => {
    const open = await sql<{ relation: string }[]>`
      select format('%I.%I', n.nspname, c.relname) as relation
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = any(${EXPOSED_SCHEMAS})
        and ((c.relkind in ('r', 'p') and not c.relrowsecurity)
          or (c.relkind = 'v' and not exists (
            select 1 from unnest(coalesce(c.reloptions, '{}')) o where lower(o) ~ '^security_invoker=(true|on|yes|1)$')))`;
    expect(open).toEqual([]);
    const [tables] = await sql<{ count: number }[]>`
      select count(*)::int from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r'`;
    expect(tables!.count).toBeGreaterThan(0);
  });

  it("pins the search_path of every SECURITY DEFINER function the Data API roles can see", async () => {
    const unpinned = await sql<{ fn: string }[]>`
      select p.oid::regprocedure::text as fn from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where p.prosecdef and n.nspname = any(${[...EXPOSED_SCHEMAS, "auth"]})
        and not exists (select 1 from unnest(coalesce(p.proconfig, '{}')) c where c like 'search\\_path=%')`;
    expect(unpinned).toEqual([]);
  });
});
