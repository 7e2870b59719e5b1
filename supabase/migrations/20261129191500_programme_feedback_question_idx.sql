-- The feedback question a member was last asked (GET and POST /api/programme/feedback, and every
-- message the coach bot gets from a member) is read by the member's id; without this index it read
-- every programme message sent (27,495 rows at the scale run's size, growing each morning).
create index programme_sends_feedback_asked_idx on public.programme_sends (user_id, created_at desc, id desc)
  where message = 'feedback' and channel <> 'skipped';
