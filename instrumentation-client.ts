import { z } from "zod";

// Runs in the browser before the app's own code. The pages' Content-Security-Policy allows no eval,
// so zod's compiled fast path (new Function) is off there before any schema is built: even zod's
// probe for it would be reported as a policy violation.
z.config({ jitless: true });
