/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_APP_ID?: string;
  readonly VITE_MC_ID?: string;
  readonly VITE_CLIENT_SIGN?: string;
  readonly VITE_API_BASE?: string;
}
