"use client";

import { Play } from "lucide-react";
import { useLazyDialog } from "@/components/ui/use-lazy-dialog";
import { publicEnv } from "@/lib/public-env";
import { GlucoseChart } from "./glucose-chart";

/** The promo video's poster; the player (a dialog) loads only when someone presses play. */
export function PromoVideo() {
  const { Dialog, dialogProps, triggerProps } = useLazyDialog(() =>
    import("./promo-video-dialog").then((m) => m.PromoVideoDialog),
  );

  return (
    <div className="relative">
      <button
        {...triggerProps}
        className="group relative block w-full overflow-hidden rounded-2xl border bg-card shadow-lg focus-visible:outline-2 focus-visible:outline-offset-4"
      >
        <span aria-hidden="true">
          <GlucoseChart />
        </span>
        <span className="absolute inset-0 flex items-center justify-center">
          <span className="flex items-center gap-2 rounded-full bg-primary px-5 py-3 font-semibold text-primary-foreground shadow-lg transition-transform group-hover:scale-105">
            <Play aria-hidden="true" className="size-5 fill-current" />
            Watch the intro
          </span>
        </span>
      </button>
      {Dialog ? <Dialog {...dialogProps} videoUrl={publicEnv.promoVideoUrl} /> : null}
    </div>
  );
}
