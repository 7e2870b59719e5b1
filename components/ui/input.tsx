import * as React from "react";

import { cn } from "@/lib/cn";
import { inputStyles } from "./input-styles";

function Input({ className, type, ...props }: React.ComponentProps<"input">) {
  return <input type={type} data-slot="input" className={cn(inputStyles, className)} {...props} />;
}

export { Input, inputStyles };
