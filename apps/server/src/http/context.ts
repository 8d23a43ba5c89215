import type { Locale } from '@study-crm/shared';
import type { Access } from './access.js';

export type AuthMember = {
  id: number;
  sessionId: number;
  perms: ReadonlySet<string>;
};

declare module 'fastify' {
  interface FastifyRequest {
    locale: Locale;
    member: AuthMember | null;
  }
  interface FastifyContextConfig {
    access?: Access;
  }
}
