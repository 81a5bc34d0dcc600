export type RouteEntry = { id?: string; parentId?: string; module: string; imports?: string[]; css?: string[] };
export type RouterManifest = { entry: { module: string; imports?: string[]; css?: string[] }; routes: Record<string, RouteEntry> };
export type ViteManifest = Record<string, { file: string; css?: string[]; assets?: string[] }>;
export type PageWeight = { id: string; jsFiles: number; jsBytes: number; cssFiles: number; cssBytes: number; inlineCss?: number };
export type Budgets = Record<string, { js: number; css: number; inlineCss?: number }>;
export const PUBLIC_PAGES: string[];
export const LOCALES: string[];
export function readRouterManifest(clientDir: string): RouterManifest;
export function readViteManifest(clientDir: string): ViteManifest;
export function routeChain(routerManifest: RouterManifest, leafId: string): RouteEntry[];
export function initialFiles(
  routerManifest: RouterManifest,
  viteManifest: ViteManifest,
  leafId: string,
  locale: string,
): { js: string[]; css: string[] };
export function brotliBytes(clientDir: string, publicPath: string): number;
export function pageWeights(clientDir: string): PageWeight[];
export function inlineCssBytes(html: string): number;
export function inlineCssWeights(base: string): Promise<Map<string, number>>;
export function overBudget(rows: PageWeight[], budgets: Budgets): string[];
