// SPEC §2 Bot setup walkthrough: its four steps. The interactive walkthrough replaces this list.
const BOT_SETUP_STEPS = [
  "Prepare Your Phone",
  "Download the messaging app",
  "Link the messaging account",
  "Open the Bot Link",
] as const;

export const BOT_SETUP_SECTION_ID = "bot-setup";

/** Where the header's 'Set up your coach bot' leads. */
export function BotSetupSection() {
  return (
    <section
      id={BOT_SETUP_SECTION_ID}
      aria-labelledby="bot-setup-title"
      tabIndex={-1}
      className="scroll-mt-24 rounded-xl border bg-card p-6 shadow-sm focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-ring"
    >
      <h2 id="bot-setup-title" className="text-lg font-semibold tracking-tight">
        Set up your coach bot
      </h2>
      <p className="mt-2 text-sm text-muted-foreground">
        Your coach works with you through a bot in the messaging app. Setting it up takes four steps:
      </p>
      <ol className="mt-4 grid gap-2 sm:grid-cols-2">
        {BOT_SETUP_STEPS.map((step, index) => (
          <li key={step} className="flex items-center gap-3 rounded-lg bg-muted/60 px-4 py-3 text-sm font-medium">
            <span aria-hidden="true" className="grid size-7 shrink-0 place-items-center rounded-full bg-primary text-xs text-primary-foreground">
              {index + 1}
            </span>
            {step}
          </li>
        ))}
      </ol>
    </section>
  );
}
