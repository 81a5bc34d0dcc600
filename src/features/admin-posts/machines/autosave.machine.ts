/**
 * The post editor's autosave (docs/admin-posts.md#never-lost): after each change, once the writer has
 * paused typing (`debounce`), the form's fields are stored (a stored post on the server, a new post on
 * this device: the container provides `store`). Changes made while a store runs are stored after it. A
 * failed store is retried (`retry`) and the writer sees it; `pause` stops autosaving (a real save is
 * running), `resume` starts again from the fields the form now starts from (it starts paused).
 */
import { assign, fromPromise, setup } from "xstate";

interface AutosaveContext {
  /** The latest fields reported, as JSON. */
  latest: string | null;
  /** The fields last stored (or saved by a real save), as JSON. */
  stored: string | null;
  /** When the last store finished (ISO). */
  savedAt: string | null;
  /** The fields the running store sends, as JSON. */
  sending: string | null;
}

type AutosaveEvent<T> = { type: "change"; fields: T } | { type: "pause" } | { type: "resume"; fields: T };

const json = (fields: unknown) => JSON.stringify(fields);

export function createAutosaveMachine<T>() {
  return setup({
    types: {
      context: {} as AutosaveContext,
      events: {} as AutosaveEvent<T>,
    },
    actors: {
      /** Stores the fields; resolves with when (ISO). */
      store: fromPromise<string, { fields: T }>(async () => {
        throw new Error('autosave: the "store" actor was not provided');
      }),
    },
    delays: {
      debounce: 1500,
      retry: 5000,
    },
    guards: {
      changed: ({ context, event }) => event.type === "change" && json(event.fields) !== context.stored,
      behind: ({ context }) => context.latest !== null && context.latest !== context.stored,
    },
  }).createMachine({
    id: "autosave",
    context: () => ({ latest: null, stored: null, savedAt: null, sending: null }),
    // Paused until the editor says what the form starts from (`resume`).
    initial: "paused",
    on: {
      pause: { target: ".paused" },
    },
    states: {
      idle: {
        on: { change: { guard: "changed", target: "waiting", actions: assign({ latest: ({ event }) => json(event.fields) }) } },
      },
      waiting: {
        on: { change: { target: "waiting", reenter: true, actions: assign({ latest: ({ event }) => json(event.fields) }) } },
        after: { debounce: [{ guard: "behind", target: "saving" }, { target: "saved" }] },
      },
      saving: {
        entry: assign({ sending: ({ context }) => context.latest }),
        on: { change: { actions: assign({ latest: ({ event }) => json(event.fields) }) } },
        invoke: {
          src: "store",
          input: ({ context }) => ({ fields: JSON.parse(context.sending!) as T }),
          // What was sent is stored; changes made meanwhile wait for their turn.
          onDone: { target: "stored", actions: assign({ stored: ({ context }) => context.sending, savedAt: ({ event }) => event.output }) },
          onError: { target: "failed" },
        },
      },
      stored: {
        // Entered with the store finished: what it sent is now stored.
        always: [{ guard: "behind", target: "waiting" }, { target: "saved" }],
      },
      saved: {
        on: { change: { guard: "changed", target: "waiting", actions: assign({ latest: ({ event }) => json(event.fields) }) } },
      },
      failed: {
        on: { change: { actions: assign({ latest: ({ event }) => json(event.fields) }) } },
        after: { retry: { target: "saving" } },
      },
      paused: {
        on: {
          change: {},
          resume: {
            target: "idle",
            actions: assign({ latest: ({ event }) => json(event.fields), stored: ({ event }) => json(event.fields) }),
          },
        },
      },
    },
  });
}
