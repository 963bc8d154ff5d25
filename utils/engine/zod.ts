import { z } from 'zod';

// zod 4 probes the Function constructor for its JIT unless told not to; extension pages forbid eval
// (colinhacks/zod#4461). Every module imports `z` from here so the flag is set before any
// schema is defined.
z.config({ jitless: true });

export { z };
