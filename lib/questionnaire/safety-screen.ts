import * as z from "zod/mini";

// Beyond the spec: a CGM challenge that changes eating is not for everyone without their
// clinician. Before a plan is sold, three plain questions; any 'yes' leads to a page that says why,
// what to ask the doctor and how to join once cleared, instead of a checkout. The clearance is never
// a tick in the same visit: the page emails a link, and only the person who follows it later and
// confirms their doctor's go-ahead gets a clearance (its pass travels with the answers). The
// /user-info form and the checkout handler parse the answers with this one schema; the handler
// also checks the pass against the recorded clearance (server/safety-clearance/).

/** The wording's version: answers given to another wording are asked again. */
export const SAFETY_SCREEN_VERSION = "2026-11-27";

export const SAFETY_QUESTION_IDS = ["type1DiabetesOrInsulin", "pregnancy", "eatingDisorderHistory"] as const;

/** How long a clearance link works, and a confirmed clearance's pass after it. */
export const SAFETY_CLEARANCE_LINK_DAYS = 30;
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
/** A clearance the server has no record of, that has lapsed, or that covers other answers or another address. */
export const SAFETY_CLEARANCE_NOT_RECORDED =
  "We have no doctor's go-ahead on record for these answers. Please use the link we emailed you, or ask for a new one.";
const SAFETY_SCREEN_REFUSED_SHORT = "This is not a doctor's clearance.";

/** The page shown instead of a checkout after a 'yes'. */
export const SEE_YOUR_DOCTOR = {
  heading: "Let's check with your doctor first",
  intro:
    "Thank you for answering honestly. Because of what you told us, we can't sell you a plan until your doctor has said the challenge is right for you. This is not a no for good: it is so the challenge helps you and never harms you.",
  askHeading: "What to ask your doctor",
  joinHeading: "How to join once you are cleared",
  joinSteps: [
    "Talk to your doctor, nurse or diabetes team, and take the questions above with you.",
    "Leave your email below: we send you a link to come back with once they have said yes.",
    "Open the link, confirm your doctor's go-ahead with your name, then choose your plan. Your coach will see that you joined with your doctor's go-ahead.",
  ],
  linkHeading: "Get your link for when you are cleared",
  emailLabel: "Your email",
  emailHint: `We use it only to send you this link. It works for ${SAFETY_CLEARANCE_LINK_DAYS} days.`,
  sendLabel: "Email me the link",
  sendingLabel: "Sending…",
  sentHeading: "Check your inbox",
  sent: `If the address is right, a link is on its way to it. Keep it until your doctor has said yes: it works for ${SAFETY_CLEARANCE_LINK_DAYS} days.`,
  sendFailed: "We couldn't send the link just now. Please try again in a moment.",
  changeAnswersLabel: "Change my answers",
  notNowLabel: "Back to the home page",
} as const;

/** The page a clearance link opens (/safety-clearance?token=&email=). */
export const SAFETY_CLEARANCE = {
  heading: "Confirm your doctor's go-ahead",
  intro: "Welcome back. Before you choose a plan, please confirm that your doctor has said the Glucose Challenge is right for you.",
  aboutHeading: "You talked to your doctor about",
  nameLabel: "Your full name",
  nameHint: "Your coach sees it with your doctor's go-ahead.",
  nameRequired: "Please enter your name.",
  clearanceLabel: "My doctor has said I can take part in the Glucose Challenge",
  clearanceRequired: "Please tick this once your doctor has said yes.",
  confirmLabel: "Confirm my doctor's go-ahead",
  confirmingLabel: "Confirming…",
  confirmedHeading: "Thank you: you can join",
  confirmed:
    "We have noted your doctor's go-ahead, and your coach will see it. Choose your plan and answer the health questions as before: you go straight on to choosing your cohort.",
  choosePlanLabel: "Choose my plan",
  usedHeading: "This link has been used",
  used: "Each link confirms a doctor's go-ahead once. If you need a new one, answer the health questions again and ask for another link.",
  invalidHeading: "This link has expired or is not valid",
  invalid: `Links work for ${SAFETY_CLEARANCE_LINK_DAYS} days, and only for the address they were sent to. Answer the health questions again to get a new one.`,
  failed: "We couldn't confirm this just now. Please try again in a moment.",
} as const;

const answer = z.enum(["yes", "no"], { error: SAFETY_ANSWER_REQUIRED });

/** A clearance link's token or a confirmed clearance's pass: 256 bits, base64url. */
export const SAFETY_CLEARANCE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * A doctor's clearance as the confirming browser keeps it: the pass the server issued and what the
 * server recorded (when, and which questions it covers). The checkout sends it; the server trusts
 * only the pass, and reads the rest from its own record.
 */
export const safetyClearanceSchema = z.object({
  pass: z.string().check(z.regex(SAFETY_CLEARANCE_TOKEN_PATTERN, SAFETY_SCREEN_REFUSED_SHORT)),
  clearedAt: z.iso.datetime({ offset: true }),
  reasons: z.array(z.enum(SAFETY_QUESTION_IDS)).check(z.minLength(1), z.maxLength(SAFETY_QUESTION_IDS.length)),
});

export type SafetyClearance = z.output<typeof safetyClearanceSchema>;

const answersSchema = z.object(
  {
    version: z.literal(SAFETY_SCREEN_VERSION, {
      error: SAFETY_ANSWER_REQUIRED,
    }),
    type1DiabetesOrInsulin: answer,
    pregnancy: answer,
    eatingDisorderHistory: answer,
    /** The doctor's clearance the visitor confirmed through their emailed link (asked only after a 'yes'). */
    clearance: z.optional(safetyClearanceSchema),
  },
  { error: SAFETY_SCREEN_UNANSWERED },
);

export type SafetyScreenAnswers = z.output<typeof answersSchema>;

/** The questions answered 'yes'. */
export function answeredYes(answers: Partial<Record<SafetyQuestionId, SafetyAnswer | undefined>>): SafetyQuestionId[] {
  return SAFETY_QUESTION_IDS.filter((id) => answers[id] === "yes");
}

/** The questions whose 'yes' still stands between the visitor and a plan: those no clearance covers. */
export function safetyReasons(answers: Omit<SafetyScreenDraft, "version">): SafetyQuestion[] {
  const covered: readonly string[] = answers.clearance?.reasons ?? [];
  return SAFETY_QUESTIONS.filter((q) => answers[q.id] === "yes" && !covered.includes(q.id));
}

/** Every question answered, and no 'yes' that a doctor's clearance does not cover. */
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
  clearance: z.optional(safetyClearanceSchema),
});

export type SafetyScreenDraft = z.output<typeof safetyScreenDraftSchema>;

/** The draft with one more answer. A clearance stays: it covers only the questions it was given for. */
export function answerSafetyQuestion(draft: SafetyScreenDraft | undefined, id: SafetyQuestionId, value: SafetyAnswer): SafetyScreenDraft {
  return { ...draft, version: SAFETY_SCREEN_VERSION, [id]: value };
}

/** The draft with a confirmed clearance: the questions it covers answered 'yes', the others kept. */
export function withDoctorClearance(draft: SafetyScreenDraft | undefined, clearance: SafetyClearance): SafetyScreenDraft {
  const answers = Object.fromEntries(clearance.reasons.map((id) => [id, "yes"]));
  return { ...draft, ...answers, version: SAFETY_SCREEN_VERSION, clearance };
}

/** Answers to another wording of the screen are dropped, so they are asked again. */
export function currentSafetyScreenDraft(draft: SafetyScreenDraft | undefined): SafetyScreenDraft | undefined {
  return draft?.version === SAFETY_SCREEN_VERSION ? draft : undefined;
}
