"use client";

import { VideoOff } from "lucide-react";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import type { LazyDialogProps } from "@/components/ui/use-lazy-dialog";

export type PromoVideoDialogProps = LazyDialogProps & { videoUrl?: string };

export const VIDEO_UNAVAILABLE = "The intro video is unavailable right now. Please check back soon.";

/** Plays the configured promo video; without one it says so instead of breaking. */
export function PromoVideoDialog({ open, onOpenChange, onCloseAutoFocus, videoUrl }: PromoVideoDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>How the 14-day bootcamp works</DialogTitle>
          <DialogDescription>Two minutes on the CGM, the two weeks and the coaching that follows.</DialogDescription>
        </DialogHeader>
        {videoUrl ? (
          <video src={videoUrl} controls autoPlay playsInline className="aspect-video w-full rounded-lg bg-black">
            <track kind="captions" />
          </video>
        ) : (
          <div role="status" className="flex aspect-video w-full flex-col items-center justify-center gap-3 rounded-lg bg-muted p-6 text-center">
            <VideoOff aria-hidden="true" className="size-10 text-muted-foreground" />
            <p className="font-medium">{VIDEO_UNAVAILABLE}</p>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
