"use client";

import dynamic from "next/dynamic";

// The toast library loads after the page, not with it: the toaster mounts once its code has
// arrived, and a toast raised before that is shown when it does (sonner replays what is still
// active to a toaster that subscribes late). Pages import both from here, never from sonner.

/** The toasts' region, mounted in the browser once its code has loaded. */
export const Toaster = dynamic(() => import("./sonner-toaster").then((m) => m.SonnerToaster), { ssr: false });

type Sonner = typeof import("sonner").toast;
type Raise = (...args: Parameters<Sonner["success"]>) => void;

function raise(kind: "success" | "error" | "warning"): Raise {
  return (...args) => {
    // A toast whose code cannot load is not shown; what it reported is also on the page itself.
    import("sonner").then(({ toast }) => toast[kind](...args)).catch(() => {});
  };
}

/** sonner's toast.success / error / warning, raised once the library has loaded. */
export const toast = { success: raise("success"), error: raise("error"), warning: raise("warning") };
