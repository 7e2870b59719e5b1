import * as z from "zod/mini";

// Beyond the spec: a CGM challenge that changes eating is not for everyone without their
// clinician. Before a plan is sold, three plain questions; any 'yes' leads to a page that says why,
// what to ask the doctor and how to join once cleared, instead of a checkout. The /user-info form
// and the checkout handler parse the answers with this one schema (the handler refuses a 'yes').

/** The wording's version: answers given to another wording are asked again. */
export const SAFETY_SCREEN_VERSION = "2026-11-27";

export const SAFETY_QUESTION_IDS = ["type1DiabetesOrInsulin", "pregnancy", "eatingDisorderHistory"] as const;
export type SafetyQuestionId = (typeof SAFETY_QUESTION_IDS)[number];
export type SafetyAnswer = "yes" | "no";

export type SafetyQuestion = {
  id: SafetyQuestionId;
  question: string;
  hint: string;
  /** The heading of this reason on the 'check with your doctor' page. */
  topic: string;
  why: string;
  askYourDoctor: readonly string[];
};

export const SAFETY_QUESTIONS: readonly SafetyQuestion[] = [
  {
    id: "type1DiabetesOrInsulin",
    question: "Do you have type 1 diabetes, or do you take insulin for any reason?",
    hint: "This includes insulin pens, pumps and injections.",
    topic: "Type 1 diabetes or insulin",
    why: "The challenge asks you to change what and when you eat. With insulin, those changes can make your glucose drop too low (a hypo), which can be dangerous. Your doctor or diabetes team knows your doses and can say whether and how to adjust them.",
    askYourDoctor: [
      "Is it safe for me to change my meals and carbohydrates for 14 days while I take insulin?",
      "Should my insulin doses change if I eat differently?",
      "Which glucose readings should make me stop and call you?",
    ],
  },
  {
    id: "pregnancy",
    question: "Are you pregnant, or planning to become pregnant during the challenge?",
    hint: "Count it as yes if you might be pregnant now.",
    topic: "Pregnancy",
    why: "In pregnancy your glucose targets are different, and eating less or cutting out foods can affect you and your baby. Our plans and coaches work to the targets for adults who are not pregnant.",
    askYourDoctor: [
      "Is it safe for me to change how I eat while I am pregnant?",
      "What glucose range is right for me during pregnancy?",
      "Should I be checked for gestational diabetes instead?",
    ],
  },
  {
    id: "eatingDisorderHistory",
    question: "Have you ever had an eating disorder, such as anorexia, bulimia or binge eating disorder?",
    hint: "Count it as yes even if you have recovered.",
    topic: "A history of eating disorders",
    why: "Logging every meal and watching a number react to food can bring back rules, counting and worry around eating, even years after recovery. We would rather you check with someone who knows your history first.",
    askYourDoctor: [
      "Is tracking my food and my glucose a good idea for me right now?",
      "Which signs should tell me to stop the challenge?",
      "Would it help to do the challenge with support from you or my care team?",
    ],
  },
];

export const SAFETY_SCREEN_HEADING = "Three health questions first";
export const SAFETY_SCREEN_INTRO =
  "A glucose challenge changes how you eat. For a few people that is only safe with their doctor's go-ahead, so please answer each question. Your answers are kept with your enrolment for your coach.";
export const SAFETY_ANSWER_REQUIRED = "Please answer yes or no.";
export const SAFETY_SCREEN_UNANSWERED = "Please answer the three health questions.";
export const SAFETY_SCREEN_REFUSED =
  "After a 'yes' to a health question, a plan can be bought only once your doctor has said the challenge is right for you.";

/** The page shown instead of a checkout after a 'yes'. */
export const SEE_YOUR_DOCTOR = {
  heading: "Let's check with your doctor first",
  intro:
    "Thank you for answering honestly. Because of what you told us, we can't sell you a plan until your doctor has said the challenge is right for you. This is not a no for good: it is so the challenge helps you and never harms you.",
  askHeading: "What to ask your doctor",
  joinHeading: "How to join once you are cleared",
  joinSteps: [
    "Talk to your doctor, nurse or diabetes team, and take the questions above with you.",
    "If they say the challenge is right for you, come back here: choose your plan and answer these questions again.",
    "Tick the box below and continue. Your coach will see that you joined with your doctor's go-ahead.",
  ],
  clearanceLabel: "My doctor has said I can take part in the Glucose Challenge",
  clearanceRequired: "Please tick this once your doctor has said yes.",
  continueLabel: "Continue with my doctor's go-ahead",
  changeAnswersLabel: "Change my answers",
  notNowLabel: "Back to the home page",
} as const;

const answer = z.enum(["yes", "no"], { error: SAFETY_ANSWER_REQUIRED });

const answersSchema = z.object(
  {
    version: z.literal(SAFETY_SCREEN_VERSION, {
      error: SAFETY_ANSWER_REQUIRED,
    }),
    type1DiabetesOrInsulin: answer,
    pregnancy: answer,
    eatingDisorderHistory: answer,
    /** The visitor says their doctor has cleared them (asked only after a 'yes'). */
    clearedByDoctor: z.optional(z.boolean()),
  },
  { error: SAFETY_SCREEN_UNANSWERED },
);

export type SafetyScreenAnswers = z.output<typeof answersSchema>;

/** The questions whose 'yes' still stands between the visitor and a plan (none once cleared). */
export function safetyReasons(answers: Omit<SafetyScreenDraft, "version">): SafetyQuestion[] {
  if (answers.clearedByDoctor === true) return [];
  return SAFETY_QUESTIONS.filter((q) => answers[q.id] === "yes");
}

/** Every question answered, and no 'yes' unless the doctor has cleared the visitor. */
export const safetyScreenSchema = answersSchema.check(
  z.refine((answers) => safetyReasons(answers).length === 0, {
    message: SAFETY_SCREEN_REFUSED,
  }),
);

/** The screen as answered so far (kept in the enrolment draft). */
export const safetyScreenDraftSchema = z.object({
  version: z.optional(z.string().check(z.maxLength(40))),
  type1DiabetesOrInsulin: z.optional(z.enum(["yes", "no"])),
  pregnancy: z.optional(z.enum(["yes", "no"])),
  eatingDisorderHistory: z.optional(z.enum(["yes", "no"])),
  clearedByDoctor: z.optional(z.boolean()),
});

export type SafetyScreenDraft = z.output<typeof safetyScreenDraftSchema>;

/** The draft with one more answer. A changed answer withdraws an earlier doctor's clearance. */
export function answerSafetyQuestion(draft: SafetyScreenDraft | undefined, id: SafetyQuestionId, value: SafetyAnswer): SafetyScreenDraft {
  const { clearedByDoctor, ...rest } = draft ?? {};
  const next: SafetyScreenDraft = {
    ...rest,
    version: SAFETY_SCREEN_VERSION,
    [id]: value,
  };
  return rest[id] === value && clearedByDoctor !== undefined ? { ...next, clearedByDoctor } : next;
}

/** The draft with the doctor's clearance given or withdrawn. */
export function withDoctorClearance(draft: SafetyScreenDraft | undefined, cleared: boolean): SafetyScreenDraft {
  const rest: SafetyScreenDraft = { ...draft };
  delete rest.clearedByDoctor;
  return cleared ? { ...rest, version: SAFETY_SCREEN_VERSION, clearedByDoctor: true } : { ...rest, version: SAFETY_SCREEN_VERSION };
}

/** Answers to another wording of the screen are dropped, so they are asked again. */
export function currentSafetyScreenDraft(draft: SafetyScreenDraft | undefined): SafetyScreenDraft | undefined {
  return draft?.version === SAFETY_SCREEN_VERSION ? draft : undefined;
}
