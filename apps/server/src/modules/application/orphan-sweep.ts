import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../lib/clock.js';
import type { FileRepository } from './file.repository.js';
import type { FileStorage } from '../files/index.js';
import { schedulePeriodic } from '../../lib/periodic.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const EVERY_MS = 6 * 60 * 60 * 1000;

// Stored files no record points to, older than a day: left by a crash between the write and the row insert, or
// uploaded through /api/v1/fms/upload and never attached. The day leaves a form time to attach a fresh upload.
// When another table starts keeping stored names (e-mail attachments, payments), add its `referenced` in
// modules/wiring.upkeep.ts.
// `lease`: whether this server may sweep the shared storage now (several servers on one database and bucket sweep
// it one at a time); each server always sweeps its own temp files. `forget`: what the removed files leave behind
// elsewhere (the upload ledger's rows).
export async function sweepOrphanUploads(deps: {
  storage: FileStorage;
  files: Pick<FileRepository, 'referenced'>;
  clock: Clock;
  lease?: () => Promise<boolean>;
  forget?: (storedNames: readonly string[]) => Promise<void>;
}): Promise<number> {
  const cutoff = deps.clock.now() - DAY_MS;
  const stale = await deps.storage.sweepIncoming(cutoff);
  if (deps.lease && !(await deps.lease())) return stale;
  const old = (await deps.storage.list()).filter((f) => f.mtimeMs < cutoff);
  if (!old.length) return stale;
  const kept = await deps.files.referenced(old.map((f) => f.storedName));
  const orphans: string[] = [];
  for (const f of old) {
    if (kept.has(f.storedName)) continue;
    // Asked again just before the removal: a form may have attached the upload since the check of them all.
    if ((await deps.files.referenced([f.storedName])).has(f.storedName)) continue;
    await deps.storage.remove(f.storedName);
    orphans.push(f.storedName);
  }
  await deps.forget?.(orphans);
  return stale + orphans.length;
}

type Referenced = (storedNames: readonly string[]) => Promise<Set<string>>;

// One `referenced` over every table that keeps stored names (application files, e-mail attachments).
export function referencedByAny(...sources: Referenced[]): { referenced: Referenced } {
  return {
    async referenced(storedNames) {
      const found = new Set<string>();
      for (const source of sources) for (const name of await source(storedNames)) found.add(name);
      return found;
    },
  };
}

// The sweep's lease: one server sweeps the shared storage per period; another takes over once it runs out.
export const ORPHAN_SWEEP_LEASE_MS = EVERY_MS - 60_000;

// Once after start-up and every six hours; stops with the app.
export function scheduleOrphanSweep(app: FastifyInstance, deps: Parameters<typeof sweepOrphanUploads>[0]): void {
  const run = async () => {
    const n = await sweepOrphanUploads(deps);
    if (n) app.log.info({ removed: n }, 'orphan uploads removed');
  };
  schedulePeriodic(app, { run, everyMs: EVERY_MS, failed: 'orphan upload sweep failed' });
}
