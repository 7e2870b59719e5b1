"use client";

import type { toast as sonnerToast } from "sonner";
import { lazyComponent } from "@/components/lazy/lazy-component";

// The toast library loads after the page, not with it: toasts raised before the toaster's code has
// arrived wait here and are shown, in order, once it has. Pages import both from here, never from sonner.

type Raise = (...args: Parameters<typeof sonnerToast.success>) => void;
export type Toast = { kind: "success" | "error" | "warning"; args: Parameters<Raise> };

const waiting: Toast[] = [];
let show: ((toast: Toast) => void) | null = null;

/** Called by the toaster once mounted: shows what waited and, until it unmounts, what comes next. */
export function receiveToasts(shower: (toast: Toast) => void): () => void {
  show = shower;
  waiting.splice(0).forEach(shower);
  return () => {
    if (show === shower) show = null;
  };
}

function raise(kind: Toast["kind"]): Raise {
  return (...args) => {
    if (show) show({ kind, args });
    else waiting.push({ kind, args });
  };
}

/** sonner's toast.success / error / warning, shown once the toaster's code has loaded. */
export const toast = { success: raise("success"), error: raise("error"), warning: raise("warning") };

/** The toasts' region, mounted in the browser once its code has loaded. */
export const Toaster = lazyComponent(() => import("./sonner-toaster").then((m) => m.SonnerToaster));
