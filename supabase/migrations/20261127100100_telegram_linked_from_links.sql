-- Finding 8: whether Telegram is linked is read from telegram_links, never from botsetup_step, and
-- browsers no longer write the walkthrough through the Data API: the dashboard saves it through
-- POST /api/users/me/bot-setup, which keeps the link fields the server's.
revoke update (botsetup_completed, botsetup_step) on public.users from authenticated;
