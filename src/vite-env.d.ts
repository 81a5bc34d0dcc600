/// <reference types="vite/client" />
interface ImportMetaEnv {
  readonly VITE_SUPABASE_URL?: string;
  readonly VITE_SUPABASE_ANON_KEY?: string;
  /** "off": hosted Supabase without image transformation; images are served as uploaded. */
  readonly VITE_SUPABASE_IMAGE_TRANSFORMS?: string;
}
interface ImportMeta {
  readonly env: ImportMetaEnv;
}
