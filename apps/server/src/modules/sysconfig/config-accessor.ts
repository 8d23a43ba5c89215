import type { Config } from '../../config.js';
import type { Clock } from '../../lib/clock.js';
import type { SysConfigRepository } from './sysconfig.repository.js';

export type ConfigAccessor = {
  // The enabled config's value for this server's environment (CONFIG_ENV), or null when absent/disabled.
  get: (key: string, platform?: string) => Promise<string | null>;
  // Called by every write through this server (after it): drops this server's cache, so the next read here sees the
  // write at once. Every other server sees it within CONFIG_VERSION_CHECK_MS: the write's own transaction moved the
  // shared change counter (triggers, migration 0084).
  invalidate: () => void;
};

// Per-process cache, valid while the configs' change counter (one row that every write to sys_config moves, in its
// transaction) keeps the value it was filled at; the counter is read at most once per checkMs, so a write through
// another server (several servers on one PostgreSQL) is seen within checkMs.
export const CONFIG_VERSION_CHECK_MS = 1_000;

export function createConfigAccessor(
  repo: Pick<SysConfigRepository, 'enabled' | 'version'>,
  config: Pick<Config, 'configEnv' | 'platform'>,
  clock: Clock,
  checkMs = CONFIG_VERSION_CHECK_MS,
): ConfigAccessor {
  const cache = new Map<string, string | null>();
  let generation = 0;
  let version: number | undefined;
  let checkedAt = -Infinity;
  const drop = () => {
    generation++;
    cache.clear();
  };
  return {
    async get(key, platform = config.platform) {
      if (clock.now() - checkedAt >= checkMs) {
        const current = await repo.version();
        checkedAt = clock.now();
        if (current !== version) {
          version = current;
          drop();
        }
      }
      const k = `${platform}\u0000${key}`;
      if (cache.has(k)) return cache.get(k) ?? null;
      const started = generation;
      const row = await repo.enabled(key, platform);
      const value = row ? (config.configEnv === 'production' ? row.prodValue : row.testValue) : null;
      // A write during the read leaves the result uncached, so a stale value never outlives the write.
      if (started === generation) cache.set(k, value);
      return value;
    },
    invalidate() {
      drop();
      checkedAt = -Infinity;
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    configs: ConfigAccessor;
  }
}
