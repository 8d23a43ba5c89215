// zod's core `config` only: the `z` namespace would bring every schema builder into any page importing this file.
import { config } from 'zod/v4/core';

// In a browser the portal runs under a content security policy without 'unsafe-eval': zod must not compile
// parsers with `new Function` (even its probe is reported as a violation). Object schemas decide this when they
// are built, so it is set here, in the first module the package index evaluates, before any schema exists.
// The server keeps zod's compiled parsers. (The web app sets the same before any of its modules run:
// apps/web/src/csp-setup.ts.)
if (typeof (globalThis as { document?: unknown }).document !== 'undefined') config({ jitless: true });
