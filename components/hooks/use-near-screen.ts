"use client";

import { useEffect, useRef, useState } from "react";

/**
 * Whether the element under the returned ref has come within `margin` of the screen; it stays true
 * once it has. Below-the-fold work (a carousel's code, a QR link) waits for it, so a visit that never
 * scrolls there never pays for it.
 */
export function useNearScreen<T extends Element>(margin = "300px") {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(false);

  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, margin]);

  return { ref, near };
}
