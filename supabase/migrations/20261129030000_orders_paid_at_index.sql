-- The operators' overview sums the orders paid in the last 7 and 30 days: read through the time of
-- payment, so its cost follows the month's sales, not every order ever taken.
create index orders_paid_at_idx on public.orders (paid_at) where paid_at is not null;
