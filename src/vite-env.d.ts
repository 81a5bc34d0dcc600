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

declare module "virtual:islands-entry" {
  /** The islands loader (src/app/islands/entry.ts; in development, its dev-server entry) and every file it imports statically; null in a server build made without its client build. */
  const script: { file: string; imports: string[] } | null;
  export default script;
}
