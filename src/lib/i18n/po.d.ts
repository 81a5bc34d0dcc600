declare module "*.po" {
  import type { Messages } from "@lingui/core";
  export const messages: Messages;
}

/** One part of a catalog (scripts/vite-plugin-lingui-scopes.ts). */
declare module "*.po?scope=public" {
  import type { Messages } from "@lingui/core";
  export const messages: Messages;
}
declare module "*.po?scope=admin" {
  import type { Messages } from "@lingui/core";
  export const messages: Messages;
}
