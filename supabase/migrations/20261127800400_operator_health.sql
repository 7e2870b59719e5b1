-- Health: the orders whose state disagrees with Stripe, found without reading every order.
-- The page reads the checkouts still pending (few at any time) and the orders paid in the last week.

-- Pending orders by age: one still pending long after its checkout could be paid is one Stripe has
-- expired, or taken the payment of, while nothing here heard of it.
create index orders_pending_created_idx on public.orders (created_at) where status = 'pending';

-- Paid orders with a Stripe subscription, by when they were paid: those whose subscription has no
-- row here yet are looked for among the last week's only.
create index orders_paid_subscription_idx on public.orders (paid_at)
  where status = 'paid' and stripe_subscription_id is not null;
