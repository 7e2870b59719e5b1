// The events one part of a page sends another through `window`, declared here and nowhere else.
// One naming style, camelCase, as SPEC §2 names the first of them (openPledgeDrawer).
export const windowEvents = {
  /** The header's AI button asks the assistant widget to open; a mounted widget claims it. */
  openAssistant: "openAssistant",
  /** SPEC §2: Take Pledge opens the pledge drawer. */
  openPledgeDrawer: "openPledgeDrawer",
  /** SPEC §2 Dashboard: the header forces the coach bot walkthrough open. */
  openBotSetup: "openBotSetup",
  /** The enrolment draft was written (another hook on the page reads it again). */
  enrolmentDraftChange: "enrolmentDraftChange",
  /** The questionnaire's recommended plan was stored; its plan type is the event's detail. */
  recommendedPlanChange: "recommendedPlanChange",
} as const;

export type WindowEventName = (typeof windowEvents)[keyof typeof windowEvents];

/** Sends a window event; false when it was cancelable and a listener claimed it (preventDefault). */
export function sendWindowEvent(name: WindowEventName, init: CustomEventInit = {}): boolean {
  return window.dispatchEvent(new CustomEvent(name, init));
}

/** Listens for a window event until the returned function is called. */
export function onWindowEvent(name: WindowEventName, listener: (event: Event) => void): () => void {
  window.addEventListener(name, listener);
  return () => window.removeEventListener(name, listener);
}
