-- An order's timeline shows the waitlist offers its freed seat made: the offers' audit entries are
-- found by the order they name, not by reading every entry of the cohort.
create index operator_audit_log_offer_order_idx on public.operator_audit_log ((after ->> 'order_id'), id desc)
  where action = 'waitlist.offer';
