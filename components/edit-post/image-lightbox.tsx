"use client";

import type { KeyboardEvent } from "react";
import Image from "next/image";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import type { SocialPost } from "@/lib/posts/post-schemas";

type ImageLightboxProps = {
  images: SocialPost["images"];
  /** The image shown; null when closed. */
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  /** Where focus goes back to once the lightbox closes (the image that opened it). */
  returnFocusTo: () => HTMLElement | null | undefined;
};

/**
 * SPEC §2: an image shown large. Keyboard: ←/→ move between images, Escape closes (focus then goes
 * back to the image that opened it), Tab stays inside while open.
 */
export function ImageLightbox({ images, index, onIndexChange, onClose, returnFocusTo }: ImageLightboxProps) {
  const image = index === null ? undefined : images[index];
  const count = images.length;
  const step = (by: number) => {
    if (index !== null) onIndexChange((index + by + count) % count);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (count < 2) return;
    if (event.key === "ArrowRight") step(1);
    else if (event.key === "ArrowLeft") step(-1);
    else return;
    event.preventDefault();
  };

  return (
    <Dialog open={image !== undefined} onOpenChange={(open) => (open ? undefined : onClose())}>
      {image ? (
        <DialogContent
          className="sm:max-w-3xl"
          onKeyDown={onKeyDown}
          onCloseAutoFocus={(event) => {
            // Opened without a Radix trigger, so the dialog would leave focus on the page body.
            event.preventDefault();
            returnFocusTo()?.focus();
          }}
        >
          <DialogHeader>
            <DialogTitle>
              Image {index! + 1} of {count}
            </DialogTitle>
            <DialogDescription>{image.description}</DialogDescription>
          </DialogHeader>
          <Image
            src={image.url}
            alt={image.description}
            width={1080}
            height={1080}
            unoptimized
            className="mx-auto h-auto max-h-[60dvh] w-auto rounded-md object-contain"
          />
          {count > 1 ? (
            <div className="flex justify-between gap-3">
              <Button type="button" variant="outline" className="h-11" onClick={() => step(-1)}>
                <ChevronLeft aria-hidden="true" /> Previous
              </Button>
              <Button type="button" variant="outline" className="h-11" onClick={() => step(1)}>
                Next <ChevronRight aria-hidden="true" />
              </Button>
            </div>
          ) : null}
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
