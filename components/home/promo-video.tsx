"use client";

import { Play } from "lucide-react";
import { lazyComponent } from "@/components/lazy/lazy-component";
import { useDialogOpener } from "@/components/lazy/use-dialog-opener";
import { publicEnv } from "@/lib/public-env";
import { GlucoseChart } from "./glucose-chart";

const PromoVideoDialog = lazyComponent(() => import("./promo-video-dialog").then((m) => m.PromoVideoDialog));

/** The promo video's poster; the player (a dialog) loads only when someone reaches for play. */
export function PromoVideo() {
  const { mounted, dialogProps, triggerProps } = useDialogOpener();

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
      {mounted ? <PromoVideoDialog {...dialogProps} videoUrl={publicEnv.promoVideoUrl} /> : null}
    </div>
  );
}
