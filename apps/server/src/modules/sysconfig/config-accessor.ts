import type { Config } from '../../config.js';
import type { Clock } from '../../lib/clock.js';
import type { SysConfigRepository } from './sysconfig.repository.js';

export type ConfigAccessor = {
  // The enabled config's value for this server's environment (CONFIG_ENV), or null when absent/disabled.
  get: (key: string, platform?: string) => Promise<string | null>;
  // Called by every write through this server, so the next read sees it.
  invalidate: () => void;
};

// Per-process cache. Writes through this process invalidate it at once; writes through another
// instance (several servers on one PostgreSQL) are seen after at most ttlMs.
export const CONFIG_CACHE_TTL_MS = 30_000;

export function createConfigAccessor(
  repo: Pick<SysConfigRepository, 'enabled'>,
  config: Pick<Config, 'configEnv' | 'platform'>,
  clock: Clock,
  ttlMs = CONFIG_CACHE_TTL_MS,
): ConfigAccessor {
  const cache = new Map<string, { value: string | null; at: number }>();
  let generation = 0;
  return {
    async get(key, platform = config.platform) {
      const k = `${platform}\u0000${key}`;
      const hit = cache.get(k);
      if (hit && clock.now() - hit.at < ttlMs) return hit.value;
      const started = generation;
      const row = await repo.enabled(key, platform);
      const value = row ? (config.configEnv === 'production' ? row.prodValue : row.testValue) : null;
      // A write during the read leaves the result uncached, so a stale value never outlives the write.
      if (started === generation) cache.set(k, { value, at: clock.now() });
      return value;
    },
    invalidate() {
      generation++;
      cache.clear();
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    configs: ConfigAccessor;
  }
}
