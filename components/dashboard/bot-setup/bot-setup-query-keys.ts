// Query keys for the coach-bot walkthrough.
export const botSetupKeys = {
  all: ["bot-setup"] as const,
  progress: () => ["bot-setup", "progress"] as const,
  qrStatus: (id: string) => ["bot-setup", "qr-status", id] as const,
  storyPost: () => ["bot-setup", "story-post"] as const,
};
