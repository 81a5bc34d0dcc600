import { assign, setup } from "xstate";

const PROGRESS_STEP = 2;

interface ProgressContext {
  /** 0 to 100. */
  value: number;
}

type ProgressEvent = { type: "progress.start" };

/**
 * The analysis progress bar (docs/product.md#demo): `indeterminate` until it is started (while the
 * recording is still being received), then `loading`, +2 % every 100 ms (about 5 s), `complete` at 100 %,
 * and done 500 ms later.
 */
export const progressMachine = setup({
  types: {
    context: {} as ProgressContext,
    events: {} as ProgressEvent,
  },
  delays: { tick: 100, settle: 500 },
  guards: {
    lastStep: ({ context }) => context.value + PROGRESS_STEP >= 100,
  },
  actions: {
    step: assign({ value: ({ context }) => Math.min(100, context.value + PROGRESS_STEP) }),
  },
}).createMachine({
  id: "progress",
  context: { value: 0 },
  initial: "indeterminate",
  states: {
    indeterminate: {
      on: { "progress.start": "loading" },
    },
    loading: {
      after: {
        tick: [
          { guard: "lastStep", actions: "step", target: "complete" },
          { actions: "step", target: "loading", reenter: true },
        ],
      },
    },
    complete: {
      after: { settle: "done" },
    },
    done: { type: "final" },
  },
});

export type ProgressStatus = "indeterminate" | "loading" | "complete" | "done";
