"use client";

import dynamic from "next/dynamic";

// Marketing pages raise no toasts of their own, but a flow that ends on one (an invalid link sends
// the visitor home with 'Invalid Link') does. The toaster loads after the page, off the critical path.
const Toaster = dynamic(() => import("@/components/ui/sonner").then((m) => m.Toaster), { ssr: false });

export function SiteToaster() {
  return <Toaster />;
}
