/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base of the server API; `/api` when unset. */
  readonly VITE_API_BASE_URL?: string;
}
