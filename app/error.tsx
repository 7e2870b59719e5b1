"use client";

import { ApplicationError } from "@/components/errors/application-error";

export default function RouteError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return <ApplicationError {...props} />;
}
