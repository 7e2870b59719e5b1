"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { applyStartRule, widgetReducer, type WidgetAction, type WidgetState } from "@/lib/assistant/widget-state";
import { readWidgetState, saveWidgetState } from "./stored-widget-state";

/**
 * The widget's state from what storage holds, opened by SPEC §4's rules: the start rule when the page
 * opened it, the open rule when a person did. Every change is written to storage at once, so a
 * collapse right before the panel unmounts is never lost.
 */
export function useWidgetState(openedByPerson: boolean): readonly [WidgetState, (action: WidgetAction) => void] {
  const [state, setState] = useState<WidgetState>(() => {
    const stored = readWidgetState();
    return widgetReducer(openedByPerson ? stored : applyStartRule(stored), { type: "open" });
  });
  const latest = useRef(state);

  useEffect(() => {
    saveWidgetState(latest.current);
  }, []);

  const dispatch = useCallback((action: WidgetAction) => {
    const next = widgetReducer(latest.current, action);
    latest.current = next;
    saveWidgetState(next);
    setState(next);
  }, []);

  return [state, dispatch] as const;
}
