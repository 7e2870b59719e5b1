"use client";

import { useState } from "react";
import { VideoOff } from "lucide-react";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import type { OpenableDialogProps } from "@/components/lazy/use-dialog-opener";
import { PROMO_VIDEO_FILES } from "./promo-video-files";

export type PromoVideoDialogProps = OpenableDialogProps & {
  /** A hosted video (NEXT_PUBLIC_PROMO_VIDEO_URL) to play instead of the intro the site ships. */
  videoUrl?: string;
};

export const VIDEO_UNAVAILABLE = "The intro video is unavailable right now. Please check back soon.";

/**
 * Plays the intro the site ships (WebM, else MP4, with captions), or the hosted video when one is
 * configured. Only a video that fails to load shows the unavailable message.
 */
export function PromoVideoDialog({ open, onOpenChange, onCloseAutoFocus, videoUrl }: PromoVideoDialogProps) {
  const [failed, setFailed] = useState(false);
  const fail = () => setFailed(true);
  // Closing forgets a failure, so opening again tries to load the video again.
  const changeOpen = (next: boolean) => {
    if (!next) setFailed(false);
    onOpenChange(next);
  };

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent className="max-w-3xl sm:max-w-3xl" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>How the 14-day bootcamp works</DialogTitle>
          <DialogDescription>The CGM, the two weeks and the coaching that follows.</DialogDescription>
        </DialogHeader>
        {failed ? (
          <div
            role="status"
            className="flex aspect-video w-full flex-col items-center justify-center gap-3 rounded-lg bg-muted p-6 text-center"
          >
            <VideoOff aria-hidden="true" className="size-10 text-muted-foreground" />
            <p className="font-medium">{VIDEO_UNAVAILABLE}</p>
          </div>
        ) : videoUrl ? (
          <video src={videoUrl} controls autoPlay playsInline onError={fail} className="aspect-video w-full rounded-lg bg-black" />
        ) : (
          <video
            controls
            autoPlay
            playsInline
            poster={PROMO_VIDEO_FILES.poster}
            onError={fail}
            className="aspect-video w-full rounded-lg bg-black"
          >
            <source src={PROMO_VIDEO_FILES.webm} type="video/webm" />
            {/* With <source> children a load failure is reported on the last source, not the video. */}
            <source src={PROMO_VIDEO_FILES.mp4} type="video/mp4" onError={fail} />
            <track kind="captions" src={PROMO_VIDEO_FILES.captions} srcLang="en" label="English" />
          </video>
        )}
      </DialogContent>
    </Dialog>
  );
}
