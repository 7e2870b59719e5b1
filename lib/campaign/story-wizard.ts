// SPEC §2 /million-glucose-campaign and §4 Campaign wizard (steps 0–4).
export const WIZARD_STEPS = ["Pick a story topic", "Get prompt questions", "Record a video", "Review", "Upload and celebrate"] as const;
export const LAST_STEP = WIZARD_STEPS.length - 1;

export type StoryTopic = { id: string; name: string; description: string; prompts: readonly string[] };

export const STORY_TOPICS: readonly StoryTopic[] = [
  {
    id: "glucose-weight",
    name: "Glucose & Weight",
    description: "How glucose changed the way you think about weight.",
    prompts: [
      "When did you first connect your glucose with your weight?",
      "Which food surprised you most once you saw its glucose curve?",
      "What small change made the biggest difference for you?",
      "What would you tell someone who has tried every diet?",
    ],
  },
  {
    id: "family-history",
    name: "Family History",
    description: "Diabetes or prediabetes in your family, and what you do about it.",
    prompts: [
      "Who in your family lives with diabetes, and how has it shaped you?",
      "When did you decide to look at your own glucose?",
      "What habits did you grow up with that you see differently now?",
      "What do you hope the next generation does differently?",
    ],
  },
  {
    id: "cgm-surprise",
    name: "CGM Surprise",
    description: "The moment a continuous glucose monitor showed you something unexpected.",
    prompts: [
      "What did you expect before you wore a CGM?",
      "Which reading surprised you the most?",
      "How did that surprise change a daily habit?",
      "What did you learn about sleep, stress or exercise?",
    ],
  },
  {
    id: "myth-busting",
    name: "Myth Busting",
    description: "A glucose myth you believed, and what the data said.",
    prompts: [
      "Which glucose myth did you believe the longest?",
      "What showed you it was not true?",
      "Which 'healthy' food turned out to spike you?",
      "Which myth do you hear most often from friends?",
    ],
  },
];

/** SPEC §2: 'Generate Another Set' swaps in five generic questions that use the topic name. */
export function genericPrompts(topicName: string): string[] {
  return [
    `What first got you thinking about ${topicName}?`,
    `What is one thing about ${topicName} you wish you had known sooner?`,
    `How has ${topicName} changed your daily routine?`,
    `What would you say to a friend facing ${topicName} today?`,
    `What does ${topicName} mean for your health goals this year?`,
  ];
}

export const REVIEW_STEP = 3;

/**
 * SPEC §4: Next is disabled on step 0 until a topic is chosen, and on the last step. Beyond the
 * spec, Next on Review waits until Looks Good has uploaded the video: step 5 celebrates an upload,
 * so reaching it without one was a dead end.
 */
export function canGoNext(step: number, state: { topicChosen: boolean; uploaded: boolean }): boolean {
  if (step >= LAST_STEP) return false;
  if (step === 0) return state.topicChosen;
  if (step === REVIEW_STEP) return state.uploaded;
  return true;
}

/** SPEC §4: Go Back is disabled on step 0. */
export function canGoBack(step: number): boolean {
  return step > 0;
}

/** The progress bar's value for a step, 20% per step. */
export function wizardProgress(step: number): number {
  return ((Math.min(Math.max(step, 0), LAST_STEP) + 1) / WIZARD_STEPS.length) * 100;
}
