// The input's classes, apart from the component so a plain <input> on a page that must stay light
// can use them without the class-merging code the component brings.
export const inputStyles = [
  "flex h-10 w-full min-w-0 rounded-md border border-input bg-background px-3 py-2 text-base text-foreground shadow-xs transition-[color,box-shadow,border-color]",
  "placeholder:text-muted-foreground",
  "file:border-0 file:bg-transparent file:text-sm file:font-medium file:text-foreground",
  "focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background",
  "aria-invalid:border-destructive",
  "disabled:cursor-not-allowed disabled:opacity-50",
  "md:text-sm",
].join(" ");
