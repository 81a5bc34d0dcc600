/** See deno.mjs. */
export declare function ensureDeno(): string;
export declare function edgeFunctions(root: string): string[];
