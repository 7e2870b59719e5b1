// Query keys for the coach-bot walkthrough.
export const botSetupKeys = {
  all: ["bot-setup"] as const,
  progress: () => ["bot-setup", "progress"] as const,
  qrStatus: (id: string) => ["bot-setup", "qr-status", id] as const,
  /** A one-time link the walkthrough shows: the QR's or the bot's start link. */
  link: (name: "qr-link" | "start-link") => ["bot-setup", name] as const,
  storyPost: () => ["bot-setup", "story-post"] as const,
};
