"use client";

import { useState, type ComponentType } from "react";
import { Play } from "lucide-react";
import { publicEnv } from "@/lib/public-env";
import type { PromoVideoDialogProps } from "./promo-video-dialog";
import { GlucoseChart } from "./glucose-chart";

/** The promo video's poster; the player (a dialog) loads only when someone presses play. */
export function PromoVideo() {
  const [Dialog, setDialog] = useState<ComponentType<PromoVideoDialogProps> | null>(null);
  const [open, setOpen] = useState(false);

  async function play() {
    if (!Dialog) {
      const loaded = await import("./promo-video-dialog");
      setDialog(() => loaded.PromoVideoDialog);
    }
    setOpen(true);
  }

  return (
    <div className="relative">
      <button
        type="button"
        onClick={play}
        aria-haspopup="dialog"
        className="group relative block w-full overflow-hidden rounded-2xl border bg-card shadow-lg focus-visible:outline-2 focus-visible:outline-offset-4"
      >
        <span aria-hidden="true">
          <GlucoseChart />
        </span>
        <span className="absolute inset-0 flex items-center justify-center">
          <span className="flex items-center gap-2 rounded-full bg-primary px-5 py-3 font-semibold text-primary-foreground shadow-lg transition-transform group-hover:scale-105">
            <Play aria-hidden="true" className="size-5 fill-current" />
            Watch the 2-minute intro
          </span>
        </span>
      </button>
      {Dialog ? <Dialog open={open} onOpenChange={setOpen} videoUrl={publicEnv.promoVideoUrl} /> : null}
    </div>
  );
}
