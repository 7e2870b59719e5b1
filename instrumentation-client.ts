import { config } from "zod/v4/core";

// Runs in the browser before the app's own code. The pages' Content-Security-Policy allows no eval,
// so zod's compiled fast path (new Function) is off there before any schema is built: even zod's
// probe for it would be reported as a policy violation. Only zod's config module is imported here,
// so pages that use no schema do not load zod.
config({ jitless: true });
