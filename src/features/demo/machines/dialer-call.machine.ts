import { assign, setup } from "xstate";

/** The characters a phone keypad can produce (only digits, * and #; docs/product.md#demo). */
export const DIAL_KEYS = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "*", "0", "#"] as const;
type DialKey = (typeof DIAL_KEYS)[number];
export const isDialKey = (key: string): key is DialKey => (DIAL_KEYS as readonly string[]).includes(key);

/** Longest number the keypad accepts (E.164 allows 15 digits; a little room for * and #). */
export const MAX_DIAL_LENGTH = 18;

interface DialerCallContext {
  /** What the visitor typed. */
  number: string;
  /** Seconds recorded so far (the mm:ss timer). */
  elapsed: number;
}

export type DialerCallEvent = { type: "key.press"; key: string } | { type: "key.delete" } | { type: "call.start" } | { type: "call.end" };

interface DialerCallOutput {
  number: string;
  elapsed: number;
}

/**
 * The simulated call (docs/product.md#demo): idle while the number is typed; pressing call starts `dialing`,
 * `connecting` 1 s after the start, `recording` 3 s after the start (timer ticking every second), `ending`
 * 11 s after the start or when the visitor presses end, and the call is over 1.5 s later.
 * All times count from the moment the call button was pressed.
 */
export const dialerCallMachine = setup({
  types: {
    context: {} as DialerCallContext,
    events: {} as DialerCallEvent,
    input: {} as { number?: string } | undefined,
    output: {} as DialerCallOutput,
  },
  delays: {
    /** start → connecting */
    connect: 1000,
    /** connecting → recording (3 s after the start) */
    answer: 2000,
    /** recording → ending (11 s after the start) */
    autoEnd: 8000,
    /** one timer tick */
    second: 1000,
    /** ending → over */
    hangUp: 1500,
  },
  guards: {
    isDialKey: ({ context, event }) => event.type === "key.press" && isDialKey(event.key) && context.number.length < MAX_DIAL_LENGTH,
    hasNumber: ({ context }) => context.number.length > 0,
  },
  actions: {
    appendKey: assign({
      number: ({ context, event }) => (event.type === "key.press" ? context.number + event.key : context.number),
    }),
    deleteKey: assign({ number: ({ context }) => context.number.slice(0, -1) }),
    resetTimer: assign({ elapsed: 0 }),
    tick: assign({ elapsed: ({ context }) => context.elapsed + 1 }),
  },
}).createMachine({
  id: "dialerCall",
  context: ({ input }) => ({ number: input?.number ?? "", elapsed: 0 }),
  initial: "idle",
  states: {
    idle: {
      on: {
        "key.press": { guard: "isDialKey", actions: "appendKey" },
        "key.delete": { guard: "hasNumber", actions: "deleteKey" },
        "call.start": { guard: "hasNumber", target: "dialing" },
      },
    },
    dialing: {
      entry: "resetTimer",
      after: { connect: "connecting" },
      on: { "call.end": "ending" },
    },
    connecting: {
      after: { answer: "recording" },
      on: { "call.end": "ending" },
    },
    recording: {
      initial: "running",
      after: { autoEnd: "ending" },
      on: { "call.end": "ending" },
      states: {
        running: {
          after: { second: { target: "running", reenter: true, actions: "tick" } },
        },
      },
    },
    ending: {
      after: { hangUp: "ended" },
    },
    ended: { type: "final" },
  },
  output: ({ context }) => ({ number: context.number, elapsed: context.elapsed }),
});

/** The status the dialer screen shows. */
export type CallStatus = "idle" | "dialing" | "connecting" | "recording" | "ending" | "ended";

export const callStatusOf = (value: unknown): CallStatus =>
  (typeof value === "string" ? value : Object.keys(value as object)[0]) as CallStatus;
