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
  /** The built islands loader (src/app/islands/entry.ts) and every file it imports statically; null where there is no client build (the development server). */
  const script: { file: string; imports: string[] } | null;
  export default script;
}
