import { readJson, writeJson } from "@/components/storage/browser-storage";
import { storageKeys } from "@/lib/storage-keys";
import { parseWidgetState, type WidgetState } from "@/lib/assistant/widget-state";

// SPEC §3 Widget state, persisted locally: one key per value, each read back through parseWidgetState.

export function readWidgetState(): WidgetState {
  return parseWidgetState({
    mode: readJson(storageKeys.widgetMode),
    preferredMode: readJson(storageKeys.widgetPreferredMode),
    questionIndex: readJson(storageKeys.questionIndex),
    answers: readJson(storageKeys.answers),
    result: readJson(storageKeys.questionnaireResult),
    chatHistory: readJson(storageKeys.chatHistory),
  });
}

export function saveWidgetState(state: WidgetState): void {
  writeJson(storageKeys.widgetMode, state.mode);
  writeJson(storageKeys.widgetPreferredMode, state.preferredMode);
  writeJson(storageKeys.questionIndex, state.currentQuestionIndex);
  writeJson(storageKeys.answers, state.answers);
  writeJson(storageKeys.questionnaireResult, state.result);
  writeJson(storageKeys.chatHistory, state.chatHistory);
}
