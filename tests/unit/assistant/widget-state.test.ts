// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";

import { createMessage } from "@/lib/assistant/chat";
import { resultForYesCount, type Answer } from "@/lib/questionnaire/questionnaire";
import { storageKeys } from "@/lib/storage-keys";
import {
  DEFAULT_WIDGET_STATE,
  RESULT_INDEX,
  applyStartRule,
  openMode,
  parseWidgetState,
  widgetReducer,
  type WidgetState,
} from "@/lib/assistant/widget-state";
import { readWidgetState, saveWidgetState } from "@/components/assistant/stored-widget-state";

const message = createMessage("How long is the bootcamp?", true, new Date("2025-03-01T10:00:00.000Z"));
const allYes: Answer[] = [1, 2, 3, 4, 5].map((id) => ({ questionId: id as Answer["questionId"], answer: "yes" }));

function state(overrides: Partial<WidgetState> = {}): WidgetState {
  return { ...DEFAULT_WIDGET_STATE, ...overrides };
}

afterEach(() => localStorage.clear());

describe("parseWidgetState: defaults (SPEC §3 Widget state)", () => {
  it("starts collapsed, preferring the questionnaire, at question 1 with nothing stored", () => {
    expect(parseWidgetState({})).toEqual({
      mode: "collapsed",
      preferredMode: "questionnaire",
      currentQuestionIndex: 0,
      answers: [],
      result: null,
      chatHistory: [],
    });
  });

  it("keeps valid stored values", () => {
    const parsed = parseWidgetState({
      mode: "chat",
      preferredMode: "chat",
      questionIndex: 2,
      answers: [
        { questionId: 1, answer: "yes" },
        { questionId: 2, answer: "no" },
      ],
      result: null,
      chatHistory: [message],
    });
    expect(parsed).toEqual({
      mode: "chat",
      preferredMode: "chat",
      currentQuestionIndex: 2,
      answers: [
        { questionId: 1, answer: "yes" },
        { questionId: 2, answer: "no" },
      ],
      result: null,
      chatHistory: [message],
    });
  });
});

describe("parseWidgetState: corrupt or foreign values are replaced by defaults", () => {
  it("ignores a mode of 'fullscreen' and a preferred mode of 'collapsed'", () => {
    const parsed = parseWidgetState({ mode: "fullscreen", preferredMode: "collapsed" });
    expect(parsed.mode).toBe("collapsed");
    expect(parsed.preferredMode).toBe("questionnaire");
  });

  it.each([[9], [-1], [1.5], ["2"], [null]])("ignores a question index of %j", (questionIndex) => {
    expect(parseWidgetState({ questionIndex }).currentQuestionIndex).toBe(0);
  });

  it("drops an answer of 'maybe' and keeps the valid ones", () => {
    const parsed = parseWidgetState({
      answers: [{ questionId: 1, answer: "maybe" }, { questionId: 2, answer: "yes" }, "yes", null],
    });
    expect(parsed.answers).toEqual([{ questionId: 2, answer: "yes" }]);
  });

  it("keeps the last of two stored answers to the same question", () => {
    const parsed = parseWidgetState({
      answers: [
        { questionId: 3, answer: "yes" },
        { questionId: 3, answer: "no" },
      ],
    });
    expect(parsed.answers).toEqual([{ questionId: 3, answer: "no" }]);
  });

  it("ignores answers that are not a list", () => {
    expect(parseWidgetState({ answers: { questionId: 1, answer: "yes" } }).answers).toEqual([]);
  });

  it("drops a chat message without content and ignores a history that is not a list", () => {
    const withoutContent = { id: message.id, isUser: message.isUser, timestamp: message.timestamp };
    expect(parseWidgetState({ chatHistory: [withoutContent, message] }).chatHistory).toEqual([message]);
    expect(parseWidgetState({ chatHistory: "hello" }).chatHistory).toEqual([]);
  });

  it("ignores a result that this questionnaire cannot produce", () => {
    expect(parseWidgetState({ result: { yesCount: 5, planType: "starter", title: "x" } }).result).toBeNull();
  });

  it("resumes the result screen without a stored result at the first unanswered question", () => {
    const parsed = parseWidgetState({ questionIndex: 5, answers: allYes.slice(0, 2) });
    expect(parsed.currentQuestionIndex).toBe(2);
    expect(parsed.result).toBeNull();
  });

  it("rebuilds a missing result from five stored answers", () => {
    const parsed = parseWidgetState({ questionIndex: 5, answers: allYes });
    expect(parsed.currentQuestionIndex).toBe(RESULT_INDEX);
    expect(parsed.result).toEqual(resultForYesCount(5));
  });
});

describe("applyStartRule (SPEC §4 Widget mode: starting from storage)", () => {
  it("starts a collapsed widget with a stored result in questionnaire mode", () => {
    const parsed = parseWidgetState({ mode: "collapsed", questionIndex: 5, result: resultForYesCount(3) });
    expect(parsed.mode).toBe("collapsed");
    expect(applyStartRule(parsed).mode).toBe("questionnaire");
    expect(applyStartRule(parsed).result).toEqual(resultForYesCount(3));
  });

  it("starts a collapsed widget with a conversation in questionnaire mode", () => {
    expect(applyStartRule(state({ chatHistory: [message] })).mode).toBe("questionnaire");
  });

  it("leaves a collapsed widget with no result and no conversation collapsed", () => {
    const empty = state({ answers: allYes.slice(0, 2), currentQuestionIndex: 2 });
    expect(applyStartRule(empty)).toBe(empty);
  });

  it("keeps a stored open mode as it is", () => {
    const chat = state({ mode: "chat", chatHistory: [message] });
    expect(applyStartRule(chat)).toBe(chat);
  });
});

describe("openMode (SPEC §4: opening)", () => {
  it("goes to chat when the questionnaire is completed and chat is preferred", () => {
    expect(openMode(state({ result: resultForYesCount(1), preferredMode: "chat" }))).toBe("chat");
  });

  it("goes to the questionnaire when it is not completed, even if chat is preferred", () => {
    expect(openMode(state({ preferredMode: "chat" }))).toBe("questionnaire");
  });

  it("goes to the questionnaire when it is completed but the questionnaire is preferred", () => {
    expect(openMode(state({ result: resultForYesCount(1) }))).toBe("questionnaire");
  });
});

describe("widgetReducer: modes", () => {
  it("opens a collapsed widget by the open rule and leaves an open one alone", () => {
    expect(widgetReducer(state(), { type: "open" }).mode).toBe("questionnaire");
    const completed = state({ result: resultForYesCount(0), preferredMode: "chat" });
    expect(widgetReducer(completed, { type: "open" }).mode).toBe("chat");
    const open = state({ mode: "questionnaire", preferredMode: "chat", result: resultForYesCount(0) });
    expect(widgetReducer(open, { type: "open" })).toBe(open);
  });

  it("collapses", () => {
    expect(widgetReducer(state({ mode: "chat" }), { type: "collapse" }).mode).toBe("collapsed");
  });

  it("switching mode also makes it the preferred mode", () => {
    const next = widgetReducer(state({ mode: "questionnaire" }), { type: "switchMode", mode: "chat" });
    expect(next).toMatchObject({ mode: "chat", preferredMode: "chat" });
  });
});

describe("widgetReducer: questionnaire (SPEC §2, §4)", () => {
  it("answering records the answer and advances", () => {
    const next = widgetReducer(state(), { type: "answer", answer: "yes" });
    expect(next.answers).toEqual([{ questionId: 1, answer: "yes" }]);
    expect(next.currentQuestionIndex).toBe(1);
    expect(next.result).toBeNull();
  });

  it("answering question 5 shows the result", () => {
    const atFive = state({ currentQuestionIndex: 4, answers: allYes.slice(0, 4) });
    const next = widgetReducer(atFive, { type: "answer", answer: "yes" });
    expect(next.currentQuestionIndex).toBe(RESULT_INDEX);
    expect(next.result).toEqual(resultForYesCount(5));
  });

  it("answering on the result screen changes nothing", () => {
    const done = state({ currentQuestionIndex: RESULT_INDEX, answers: allYes, result: resultForYesCount(5) });
    expect(widgetReducer(done, { type: "answer", answer: "no" })).toBe(done);
  });

  it("the forward arrow takes the stored answer", () => {
    const next = widgetReducer(state({ answers: [{ questionId: 1, answer: "yes" }] }), { type: "next" });
    expect(next.answers).toEqual([{ questionId: 1, answer: "yes" }]);
    expect(next.currentQuestionIndex).toBe(1);
  });

  it("the forward arrow takes 'no' when there is no stored answer", () => {
    const next = widgetReducer(state({ currentQuestionIndex: 2 }), { type: "next" });
    expect(next.answers).toEqual([{ questionId: 3, answer: "no" }]);
    expect(next.currentQuestionIndex).toBe(3);
  });

  it("the forward arrow on question 5 shows the result; on the result it does nothing", () => {
    const next = widgetReducer(state({ currentQuestionIndex: 4, answers: allYes.slice(0, 4) }), { type: "next" });
    expect(next.currentQuestionIndex).toBe(RESULT_INDEX);
    expect(next.result).toEqual(resultForYesCount(4));
    expect(widgetReducer(next, { type: "next" })).toBe(next);
  });

  it("the back arrow returns to the previous question, keeping the answers", () => {
    const next = widgetReducer(state({ currentQuestionIndex: 2, answers: allYes.slice(0, 2) }), { type: "previous" });
    expect(next.currentQuestionIndex).toBe(1);
    expect(next.answers).toEqual(allYes.slice(0, 2));
  });

  it("the back arrow does nothing on question 1", () => {
    const first = state();
    expect(widgetReducer(first, { type: "previous" })).toBe(first);
  });

  it("back from the result reopens question 5", () => {
    const done = state({ currentQuestionIndex: RESULT_INDEX, answers: allYes, result: resultForYesCount(5) });
    expect(widgetReducer(done, { type: "previous" }).currentQuestionIndex).toBe(4);
  });

  it("reset questionnaire: index 0, answers cleared, result cleared; the chat stays", () => {
    const done = state({
      currentQuestionIndex: RESULT_INDEX,
      answers: allYes,
      result: resultForYesCount(5),
      chatHistory: [message],
    });
    expect(widgetReducer(done, { type: "resetQuestionnaire" })).toMatchObject({
      currentQuestionIndex: 0,
      answers: [],
      result: null,
      chatHistory: [message],
    });
  });
});

describe("widgetReducer: chat", () => {
  it("adds a message at the end and clears the history", () => {
    const reply = createMessage("A reply", false, new Date("2025-03-01T10:00:01.000Z"));
    const withTwo = widgetReducer(widgetReducer(state(), { type: "addMessage", message }), {
      type: "addMessage",
      message: reply,
    });
    expect(withTwo.chatHistory).toEqual([message, reply]);
    expect(widgetReducer(withTwo, { type: "clearChat" }).chatHistory).toEqual([]);
  });
});

describe("readWidgetState / saveWidgetState", () => {
  it("writes every field to its own prefixed key and reads it back", () => {
    const saved = state({
      mode: "questionnaire",
      currentQuestionIndex: 3,
      answers: allYes.slice(0, 3),
      chatHistory: [message],
    });
    saveWidgetState(saved);
    expect(localStorage.getItem(storageKeys.widgetMode)).toBe('"questionnaire"');
    expect(localStorage.getItem(storageKeys.questionIndex)).toBe("3");
    expect(localStorage.getItem(storageKeys.questionnaireResult)).toBe("null");
    expect(readWidgetState()).toEqual(saved);
  });

  it("treats bad JSON as no value", () => {
    localStorage.setItem(storageKeys.widgetMode, "{chat");
    localStorage.setItem(storageKeys.questionIndex, "not a number");
    localStorage.setItem(storageKeys.answers, "[{");
    localStorage.setItem(storageKeys.chatHistory, "undefined");
    expect(readWidgetState()).toEqual(DEFAULT_WIDGET_STATE);
  });
});
