import { MailStore } from "./mail-store";
import { startInboxServer } from "./inbox-server";
import { startSmtpCatcher } from "./smtp-catcher";

export type MailStandIn = { smtpPort: number; inboxPort: number; inboxUrl: string; stop: () => Promise<void> };

/** SMTP catcher plus the inbox page and JSON API, sharing one store. */
export async function startMail(options: { smtpPort: number; inboxPort: number; dataDir?: string }): Promise<MailStandIn> {
  const store = new MailStore(options.dataDir);
  await store.load();
  const smtp = await startSmtpCatcher(options.smtpPort, store);
  const inbox = await startInboxServer(options.inboxPort, store);
  return {
    smtpPort: smtp.port,
    inboxPort: inbox.port,
    inboxUrl: `http://127.0.0.1:${inbox.port}`,
    stop: async () => {
      await Promise.all([smtp.stop(), inbox.stop()]);
    },
  };
}
