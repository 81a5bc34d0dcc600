/** See server-command.mjs. */
export declare const SERVER_ARGS: string[];
