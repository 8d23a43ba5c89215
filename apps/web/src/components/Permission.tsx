import type { ReactNode } from 'react';
import { useSession } from '../stores/session';

// Spec section 6: an element is removed when the member's button permissions lack the named one.
export function usePermission(perm: string): boolean {
  return useSession((s) => s.serverPerm.includes(perm));
}

export function Permission({ perm, children }: { perm: string; children: ReactNode }) {
  return usePermission(perm) ? children : null;
}
