import { storage } from '../lib/storage';

// Spec section 9: the session lives in local storage under `token` and `mid`.
export const TOKEN_KEY = 'token';
export const MID_KEY = 'mid';

export const session = {
  token: (): string | null => storage.get(TOKEN_KEY),
  mid: (): string | null => storage.get(MID_KEY),
  // Stores both or neither (spec section 4: if storing fails, both are cleared).
  save(token: string, mid: number): boolean {
    if (storage.set(TOKEN_KEY, token) && storage.set(MID_KEY, String(mid))) return true;
    session.clear();
    return false;
  },
  clear(): void {
    storage.remove(TOKEN_KEY);
    storage.remove(MID_KEY);
  },
};
