"use client";

import { useRef, useState } from "react";
import Image from "next/image";
import { useReachedFor } from "@/components/hooks/use-reached-for";
import { lazyComponent } from "@/components/lazy/lazy-component";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { cn } from "@/lib/cn";
import { MAX_POST_IMAGES } from "@/lib/posts/post-rules";
import type { SocialPost } from "@/lib/posts/post-schemas";

// The lightbox (and the dialog primitive with its focus trap and scroll lock) loads once the author
// reaches for an image, not with the editor.
const ImageLightbox = lazyComponent(() => import("./image-lightbox").then((m) => m.ImageLightbox));

/** SPEC §2: at most 9 images in 3 columns (a single image large); each opens the lightbox. */
export function ImagesCard({ images }: { images: SocialPost["images"] }) {
  const shown = images.slice(0, MAX_POST_IMAGES);
  const [open, setOpen] = useState<number | null>(null);
  const { reached, reach, reachProps } = useReachedFor();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const opener = useRef(0);
  const single = shown.length === 1;

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Images</h2>
        </CardTitle>
        <CardDescription>Cards made from your story. Open one to see it large and save it to post with your text.</CardDescription>
      </CardHeader>
      <CardContent>
        {shown.length === 0 ? (
          <p className="rounded-md bg-muted px-4 py-6 text-center text-sm text-muted-foreground">No images for this post.</p>
        ) : (
          <ul className={cn("grid gap-2 sm:gap-3", single ? "grid-cols-1" : "grid-cols-3")}>
            {shown.map((image, index) => (
              <li key={image.url}>
                <button
                  ref={(button) => {
                    buttons.current[index] = button;
                  }}
                  type="button"
                  {...reachProps}
                  onClick={() => {
                    reach();
                    opener.current = index;
                    setOpen(index);
                  }}
                  aria-label={`Open image ${index + 1} of ${shown.length}: ${image.description}`}
                  className="block w-full overflow-hidden rounded-md border transition hover:opacity-90 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
                >
                  <Image
                    src={image.url}
                    alt=""
                    width={1080}
                    height={1080}
                    unoptimized
                    sizes={single ? "(min-width: 1024px) 40vw, 90vw" : "(min-width: 1024px) 13vw, 30vw"}
                    className="aspect-square h-auto w-full object-cover"
                  />
                </button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      {reached ? (
        <ImageLightbox
          images={shown}
          index={open}
          onIndexChange={setOpen}
          onClose={() => setOpen(null)}
          returnFocusTo={() => buttons.current[opener.current]}
        />
      ) : null}
    </Card>
  );
}
