"use client";

import { useState } from "react";

/**
 * Whether the visitor has reached for an element (pointer over it, keyboard focus, a touch), with
 * the handlers that tell. Work the element leads to (a page's prefetch, a dialog's code) starts
 * then, ahead of the click, instead of with the page; a touch still starts it before the tap ends.
 * It stays true once reached.
 */
export function useReachedFor() {
  const [reached, setReached] = useState(false);
  const reach = () => setReached(true);
  return { reached, reach, reachProps: { onPointerEnter: reach, onTouchStart: reach, onFocus: reach } };
}
