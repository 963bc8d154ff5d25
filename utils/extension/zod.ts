import * as z from 'zod/mini';

// The extension's few schemas (the message payloads in platform/messages.ts) come from here.
// zod/mini: the same parser as zod without the method-chaining API, about 6 KB gzip for what we
// use instead of about 24 KB; the engine reads site JSON with plain checks (json/reader.ts) and
// needs no schema library. zod/mini's objects never compile parsers (only classic zod's JIT
// does, and extension pages forbid eval: colinhacks/zod#4461); `jitless` keeps that true should a
// schema here ever reach a compiling path.
z.config({ jitless: true });

export { z };
