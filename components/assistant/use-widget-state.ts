"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import {
  readWidgetState,
  saveWidgetState,
  widgetReducer,
  type WidgetAction,
  type WidgetState,
} from "@/lib/widget-state";

/**
 * The widget's state, opened by SPEC §4's rule from what storage holds. Every change is written to
 * storage at once, so a collapse right before the panel unmounts is never lost.
 */
export function useWidgetState(): readonly [WidgetState, (action: WidgetAction) => void] {
  const [state, setState] = useState<WidgetState>(() => widgetReducer(readWidgetState(), { type: "open" }));
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
