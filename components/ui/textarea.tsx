import * as React from "react";

import { cn } from "@/lib/cn";
import { textareaStyles } from "./textarea-styles";

function Textarea({ className, ...props }: React.ComponentProps<"textarea">) {
  return <textarea data-slot="textarea" className={cn("min-h-20", textareaStyles, className)} {...props} />;
}

export { Textarea };
