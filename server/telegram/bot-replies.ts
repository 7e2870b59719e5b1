// The coach bot's words, in one place so tests can assert them exactly.

/** The answers a start link's confirmation offers as buttons (a tap sends the text). */
export const LINK_ANSWERS = { yes: "Yes, link my account", no: "No, don't link" } as const;

export const BOT_TEXT = {
  // A start link's question and its answer name the account's whole address: the member made the
  // link signed in, and whoever it reached decides on it, which a masked address (v***@example.com)
  // would not let them do against a look-alike account. Other messages mask it.
  linked: (name: string, email: string) =>
    `Hi ${name}! Your coach bot is now linked to ${email}. Send /today for your plan of the day, or just write to me.`,
  confirmLink: (email: string) =>
    `This link connects your Telegram account to the Glucose Challenge account ${email}. Is that your account? Check the whole address: tap '${LINK_ANSWERS.yes}' to link it, or '${LINK_ANSWERS.no}' if it is not exactly yours.`,
  linkDeclined: "Nothing was linked. If someone sent you that link, you can ignore it.",
  unlinked: (maskedEmail: string) =>
    `This chat is no longer linked to the Glucose Challenge account ${maskedEmail}: another Telegram account was linked to it. If that was not you, sign in, change your password and link this chat again from your dashboard.`,
  welcomeBack: (name: string) => `Welcome back, ${name}! Send /today for your plan of the day, or just write to me.`,
  introduction: (name: string, signInLink: string) =>
    `Hi ${name}! I am the Glucose Challenge coach bot. To connect me to your account, open 'Open the Bot Link' on your dashboard, or sign in with this link (valid for 30 minutes):\n${signInLink}`,
  invalidToken: "This link has expired or was already used. Open the dashboard and use 'Open the Bot Link' again.",
  telegramTaken: "This Telegram account is already linked to another member. Sign in with that account, or contact support.",
  notLinked: "I don't know who you are yet. Open 'Open the Bot Link' on your dashboard to connect this chat to your account.",
  noCohort: "You are not in a cohort yet. Choose one on the website and I will follow your days with you.",
  storyQuestions: [
    "Let's write your glucose story. What surprised you most about your glucose so far?",
    "What did you change, and what happened?",
    "Anything you want the post to mention? Send 'skip' if not.",
  ],
  storyReady: (link: string) => `Your story is ready. Edit it and share it here:\n${link}`,
  storyFailed: "I could not turn that into a post. Send /story to try again.",
  storyCancelled: "Story cancelled. Send /story whenever you want to start again.",
  // The programme's messages: the member's own hour, channel and pause, from the chat.
  paused: (settingsUrl: string) =>
    `Programme messages are paused: no morning plans or reminders until you send /resume. Receipts and account emails still come. Your settings: ${settingsUrl}`,
  resumed: (time: string, zone: string) =>
    `Programme messages are back on: each morning's plan comes at ${time} (${zone}). Send /pause to stop them.`,
  hourSet: (time: string, zone: string) => `Done: your morning message now comes at ${time} (${zone}). Send /pause to stop the messages.`,
  hourNow: (time: string, zone: string) =>
    `Your morning message comes at ${time} (${zone}). To change it, send /hour and an hour from 0 to 23, for example: /hour 7`,
  hourInvalid: "Send /hour and an hour from 0 to 23 in your time zone, for example: /hour 7 for 07:00.",
  utcZone: "UTC: set your time zone on your dashboard",
  feedbackHint:
    "To answer the feedback question, send a score from 1 to 5 and one line if you like, for example: 5 I finally know what breakfast does to me.",
} as const;
