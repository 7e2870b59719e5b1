"use client";

import { useCallback } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/components/api/api-request";
import { useWrite } from "@/components/api/use-write";
import { programmeFeedbackSchema, type ProgrammeFeedback, type ProgrammeFeedbackInput } from "@/lib/programme/programme-feedback-schema";
import {
  programmePreferencesSchema,
  type ProgrammePreferences,
  type ProgrammePreferencesUpdate,
} from "@/lib/programme/programme-preferences-schema";

export const PREFERENCES_LOAD_FAILED = "Failed to load your programme settings.";
export const PREFERENCES_SAVE_FAILED = "Failed to save your programme settings.";
export const FEEDBACK_LOAD_FAILED = "Failed to load the feedback question.";
export const FEEDBACK_SAVE_FAILED = "Failed to send your answer.";

export const programmeKeys = {
  preferences: () => ["programme", "preferences"] as const,
  feedback: () => ["programme", "feedback"] as const,
};

/** GET /api/programme/preferences */
export function fetchProgrammePreferences(signal?: AbortSignal): Promise<ProgrammePreferences> {
  return apiRequest({
    path: "/api/programme/preferences",
    auth: "required",
    schema: programmePreferencesSchema,
    fallback: PREFERENCES_LOAD_FAILED,
    signal,
  });
}

/** PATCH /api/programme/preferences: the hour, the channel or the pause. */
export function saveProgrammePreferences(update: ProgrammePreferencesUpdate): Promise<ProgrammePreferences> {
  return apiRequest({
    method: "PATCH",
    path: "/api/programme/preferences",
    auth: "required",
    body: update,
    schema: programmePreferencesSchema,
    fallback: PREFERENCES_SAVE_FAILED,
  });
}

/** GET /api/programme/feedback */
export function fetchProgrammeFeedback(signal?: AbortSignal): Promise<ProgrammeFeedback> {
  return apiRequest({
    path: "/api/programme/feedback",
    auth: "required",
    schema: programmeFeedbackSchema,
    fallback: FEEDBACK_LOAD_FAILED,
    signal,
  });
}

/** POST /api/programme/feedback: the answer, once. */
export function sendProgrammeFeedback(answer: ProgrammeFeedbackInput): Promise<ProgrammeFeedback> {
  return apiRequest({
    method: "POST",
    path: "/api/programme/feedback",
    auth: "required",
    body: answer,
    schema: programmeFeedbackSchema,
    fallback: FEEDBACK_SAVE_FAILED,
  });
}

export function useProgrammePreferencesQuery() {
  return useQuery({
    queryKey: programmeKeys.preferences(),
    queryFn: ({ signal }) => fetchProgrammePreferences(signal),
    staleTime: 60_000,
    retry: 2,
  });
}

export function useProgrammeFeedbackQuery() {
  return useQuery({
    queryKey: programmeKeys.feedback(),
    queryFn: ({ signal }) => fetchProgrammeFeedback(signal),
    staleTime: 5 * 60_000,
    retry: 2,
  });
}

/** Saves a change; the card shows what the server kept. */
export function useSaveProgrammePreferences() {
  const queryClient = useQueryClient();
  const write = useWrite();
  const { run } = write;
  const save = useCallback(
    (update: ProgrammePreferencesUpdate) =>
      run(async () => {
        const saved = await saveProgrammePreferences(update);
        queryClient.setQueryData(programmeKeys.preferences(), saved);
        return saved;
      }),
    [run, queryClient],
  );
  return { ...write, save };
}

/** Sends the feedback answer; the card then shows it as kept. */
export function useSendProgrammeFeedback() {
  const queryClient = useQueryClient();
  const write = useWrite({
    // Answered already (in the chat, or another tab): show the answer kept.
    onError: () => void queryClient.invalidateQueries({ queryKey: programmeKeys.feedback() }),
  });
  const { run } = write;
  const send = useCallback(
    (answer: ProgrammeFeedbackInput) =>
      run(async () => {
        const kept = await sendProgrammeFeedback(answer);
        queryClient.setQueryData(programmeKeys.feedback(), kept);
        return kept;
      }),
    [run, queryClient],
  );
  return { ...write, send };
}
