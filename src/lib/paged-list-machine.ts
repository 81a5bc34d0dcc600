/**
 * What the admin's paged lists (the leads inbox, the posts table) share in their XState machines: a
 * query in the context with a page number and a search text; typing waits `searchDebounce` before
 * loading; a new search or a page change reloads (a search goes back to page 1); loading stores the
 * page (rows, total and whatever else the page carries) or the error and goes to `ready` or `failed`.
 * Each machine keeps its own events for filters, retry and its actions, and stays pure: the loading
 * actor is the machine's own named placeholder, provided by its container.
 */
import { type DoneActorEvent, type ErrorActorEvent, type EventObject, assign } from "xstate";

/** The events every paged list takes. */
export type PagedListEvent = { type: "search.change"; value: string } | { type: "page.change"; page: number };

interface PagedListContext<Q extends { page: number }> {
  query: Q;
  error: string | null;
}

/** An error as the text a list shows. */
export const errorMessage = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * The machine-wide transitions and the `typing` and `loading` states of a paged list. `searchKey` is the
 * query's search field; `load` names the machine's actor that reads one page (its input is the query).
 */
export function pagedList<
  TContext extends PagedListContext<Q>,
  TEvent extends EventObject,
  Q extends { page: number } = TContext["query"],
  S extends string = string,
>(searchKey: keyof Q & string, load: S) {
  type Search = Extract<PagedListEvent, { type: "search.change" }>;
  type Page = Extract<PagedListEvent, { type: "page.change" }>;
  // The generic context cannot be narrowed by TypeScript: each assigner says what it changes.
  const change = (update: Partial<PagedListContext<Q>>) => update as Partial<TContext>;
  return {
    on: {
      "search.change": {
        target: ".typing",
        reenter: true,
        actions: assign<TContext, Search, undefined, TEvent, never>(({ context, event }) =>
          change({ query: { ...context.query, [searchKey]: event.value, page: 1 } }),
        ),
      },
      "page.change": {
        target: ".loading",
        reenter: true,
        actions: assign<TContext, Page, undefined, TEvent, never>(({ context, event }) =>
          change({ query: { ...context.query, page: Math.max(1, Math.floor(event.page)) } }),
        ),
      },
    },
    typing: {
      after: { searchDebounce: "loading" },
    },
    loading: {
      invoke: {
        src: load,
        input: ({ context }: { context: TContext }) => context.query,
        onDone: {
          target: "ready",
          actions: assign<TContext, DoneActorEvent<Partial<TContext>>, undefined, TEvent, never>(({ event }) => ({
            ...event.output,
            error: null,
          })),
        },
        onError: {
          target: "failed",
          actions: assign<TContext, ErrorActorEvent, undefined, TEvent, never>(({ event }) => change({ error: errorMessage(event.error) })),
        },
      },
    },
  } as const;
}
