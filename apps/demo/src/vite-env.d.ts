/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The Plaza API, e.g. `http://localhost:4000` (the default). */
  readonly VITE_PLAZA_API_URL?: string;
  /** The OAuth client id of the site's headless app; the demo site's client when unset. */
  readonly VITE_PLAZA_CLIENT_ID?: string;
  /** The repository of this code, linked from the home page. */
  readonly VITE_PLAZA_REPOSITORY_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
