import { isChatMessage, type ChatMessage } from "./chat";
import {
  QUESTIONS,
  QUESTION_COUNT,
  answerFor,
  answerQuestion,
  isAnswer,
  parseQuestionnaireResult,
  scoreQuestionnaire,
  type Answer,
  type AnswerValue,
  type QuestionnaireResult,
} from "../questionnaire/questionnaire";

// SPEC §3 Widget state and §4 Widget mode. Stored values are checked by hand (this ships to the
// browser): anything corrupt or foreign falls back to its default.
export type WidgetMode = "collapsed" | "questionnaire" | "chat";
export type OpenWidgetMode = Exclude<WidgetMode, "collapsed">;

export type WidgetState = {
  mode: WidgetMode;
  preferredMode: OpenWidgetMode;
  /** 0–4 is a question; RESULT_INDEX is the result screen. */
  currentQuestionIndex: number;
  answers: Answer[];
  result: QuestionnaireResult | null;
  chatHistory: ChatMessage[];
};

export type WidgetAction =
  | { type: "open" }
  | { type: "collapse" }
  | { type: "switchMode"; mode: OpenWidgetMode }
  | { type: "answer"; answer: AnswerValue }
  | { type: "next" }
  | { type: "previous" }
  | { type: "resetQuestionnaire" }
  | { type: "addMessage"; message: ChatMessage }
  | { type: "clearChat" };

/** One value per storage key, as read back from JSON (undefined when missing or unreadable). */
export type StoredWidgetValues = {
  mode?: unknown;
  preferredMode?: unknown;
  questionIndex?: unknown;
  answers?: unknown;
  result?: unknown;
  chatHistory?: unknown;
};

export const RESULT_INDEX = QUESTION_COUNT;

export const DEFAULT_WIDGET_STATE: WidgetState = {
  mode: "collapsed",
  preferredMode: "questionnaire",
  currentQuestionIndex: 0,
  answers: [],
  result: null,
  chatHistory: [],
};

function oneOf<T extends string>(value: unknown, allowed: readonly T[], fallback: T): T {
  return allowed.find((a) => a === value) ?? fallback;
}

function parseAnswers(value: unknown): Answer[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isAnswer).reduce<Answer[]>((acc, a) => answerQuestion(acc, a.questionId, a.answer), []);
}

function parseIndex(value: unknown, answers: readonly Answer[], result: QuestionnaireResult | null): number {
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0 || value > RESULT_INDEX) return 0;
  if (value < RESULT_INDEX || result) return value;
  // The result screen without a stored result: resume at the first unanswered question.
  const unanswered = QUESTIONS.findIndex((q) => answerFor(answers, q.id) === undefined);
  return unanswered === -1 ? RESULT_INDEX : unanswered;
}

/** The mode opening the widget leads to: chat once the questionnaire is done and chat is preferred. */
export function openMode(state: WidgetState): OpenWidgetMode {
  return state.result !== null && state.preferredMode === "chat" ? "chat" : "questionnaire";
}

/** The stored state, every value checked; anything corrupt or foreign is replaced by its default. */
export function parseWidgetState(stored: StoredWidgetValues): WidgetState {
  const answers = parseAnswers(stored.answers);
  let result = parseQuestionnaireResult(stored.result);
  const currentQuestionIndex = parseIndex(stored.questionIndex, answers, result);
  if (currentQuestionIndex === RESULT_INDEX && !result) result = scoreQuestionnaire(answers);
  const chatHistory = Array.isArray(stored.chatHistory) ? stored.chatHistory.filter(isChatMessage) : [];
  return {
    mode: oneOf<WidgetMode>(stored.mode, ["collapsed", "questionnaire", "chat"], "collapsed"),
    preferredMode: oneOf<OpenWidgetMode>(stored.preferredMode, ["questionnaire", "chat"], "questionnaire"),
    currentQuestionIndex,
    answers,
    result,
    chatHistory,
  };
}

/** SPEC §4: on page load a collapsed widget with a result or a conversation starts in questionnaire mode. */
export function applyStartRule(state: WidgetState): WidgetState {
  const reopen = state.mode === "collapsed" && (state.result !== null || state.chatHistory.length > 0);
  return reopen ? { ...state, mode: "questionnaire" } : state;
}

function answerCurrent(state: WidgetState, answer: AnswerValue): WidgetState {
  const question = QUESTIONS[state.currentQuestionIndex];
  if (!question) return state;
  const answers = answerQuestion(state.answers, question.id, answer);
  const currentQuestionIndex = state.currentQuestionIndex + 1;
  const result = currentQuestionIndex === RESULT_INDEX ? scoreQuestionnaire(answers) : state.result;
  return { ...state, answers, currentQuestionIndex, result };
}

export function widgetReducer(state: WidgetState, action: WidgetAction): WidgetState {
  switch (action.type) {
    case "open":
      return state.mode === "collapsed" ? { ...state, mode: openMode(state) } : state;
    case "collapse":
      return { ...state, mode: "collapsed" };
    case "switchMode":
      return { ...state, mode: action.mode, preferredMode: action.mode };
    case "answer":
      return answerCurrent(state, action.answer);
    case "next": {
      // SPEC §2: the forward arrow takes the stored answer, or 'no' if none.
      const question = QUESTIONS[state.currentQuestionIndex];
      return question ? answerCurrent(state, answerFor(state.answers, question.id) ?? "no") : state;
    }
    case "previous":
      return state.currentQuestionIndex > 0 ? { ...state, currentQuestionIndex: state.currentQuestionIndex - 1 } : state;
    case "resetQuestionnaire":
      return { ...state, currentQuestionIndex: 0, answers: [], result: null };
    case "addMessage":
      return { ...state, chatHistory: [...state.chatHistory, action.message] };
    case "clearChat":
      return { ...state, chatHistory: [] };
  }
}
