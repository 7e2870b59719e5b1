// The textarea's classes (without its default height), apart from the component so a plain
// <textarea> in lazily loaded, weight-sensitive code can use them without class merging.
export const textareaStyles = [
  "flex w-full rounded-md border border-input bg-background px-3 py-2 text-base text-foreground shadow-xs transition-[color,box-shadow,border-color]",
  "placeholder:text-muted-foreground",
  "focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background",
  "aria-invalid:border-destructive",
  "disabled:cursor-not-allowed disabled:opacity-50",
  "md:text-sm",
].join(" ");
