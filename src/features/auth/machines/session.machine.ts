/**
 * The administrator's session (docs/product.md#auth, issue #6):
 *
 *   loading ──(stored session)──► verifying ──(is an administrator)──► signedIn ⇄ refreshing
 *      │                             │ (not an administrator)                │
 *      └──(none)──► signedOut ◄──────┘◄──(revoked / expired refresh, sign-out, auth.signedOut)
 *                     │  ▲
 *          user.signIn▼  │ (error shown in the login alert)
 *                  signingIn ──(session)──► verifying
 *
 * Pure: every side effect is an actor or action supplied with `.provide()` (see auth-provider.tsx);
 * the defaults here throw, so a forgotten implementation fails loudly in tests.
 */
import { assign, fromPromise, setup } from "xstate";
import type { TeamRole } from "@/lib/database.types";

export interface SessionUser {
  id: string;
  email: string;
}

/** A team member's role (docs/product.md#admin): what the admin shows them; the database decides. */
export type { TeamRole };

export interface Session {
  user: SessionUser;
  accessToken: string;
  refreshToken: string;
  /** Seconds since the epoch, as Supabase sends it. */
  expiresAt: number;
}

type AuthErrorKind = "credentials" | "rateLimited" | "notAdmin" | "expired" | "network" | "unknown";

export interface AuthError {
  kind: AuthErrorKind;
  /** The auth provider's own message, shown when we have no better translation. */
  message?: string;
  /** rateLimited: how long until the server accepts another attempt (its Retry-After), when known. */
  retryAfterSeconds?: number;
}

/** Thrown by the provided actors so the machine can tell a revoked refresh from a network blip. */
export class SessionActorError extends Error {
  readonly kind: AuthErrorKind;
  readonly retryable: boolean;
  readonly retryAfterSeconds?: number;
  constructor(kind: AuthErrorKind, message?: string, retryable = false, retryAfterSeconds?: number) {
    super(message ?? kind);
    this.kind = kind;
    this.retryable = retryable;
    this.retryAfterSeconds = retryAfterSeconds;
    this.name = "SessionActorError";
  }
}

interface SessionContext {
  session: Session | null;
  /** The signed-in member's role, once checked. */
  role: TeamRole | null;
  error: AuthError | null;
  /** How many refresh attempts failed in a row with a retryable error. */
  refreshFailures: number;
}

type SessionEvent =
  | { type: "user.signIn"; email: string; password: string }
  | { type: "user.signOut" }
  /** The client reports a new session (refreshed in another tab, or signed in elsewhere). */
  | { type: "auth.sessionChanged"; session: Session }
  /** The client reports that the session is gone (signed out in another tab, refresh revoked). */
  | { type: "auth.signedOut" };

/** Refresh when this much time is left (inside supabase-js's own 90-second window). */
export const REFRESH_MARGIN_MS = 60_000;
/** Wait between retries of a refresh that failed for a temporary reason. */
export const REFRESH_RETRY_MS = 10_000;

const toAuthError = (error: unknown): AuthError =>
  error instanceof SessionActorError
    ? {
        kind: error.kind,
        message: error.message === error.kind ? undefined : error.message,
        ...(error.retryAfterSeconds ? { retryAfterSeconds: error.retryAfterSeconds } : {}),
      }
    : { kind: "unknown", message: error instanceof Error ? error.message : undefined };

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
  },
  actors: {
    /** The stored session, if any (supabase.auth.getSession). */
    getSession: fromPromise<Session | null>(async () => {
      throw new Error('session machine: the "getSession" actor was not provided');
    }),
    /** The signed-in user's role on the team, or null when they are not a member. */
    checkAdmin: fromPromise<TeamRole | null, { session: Session }>(async () => {
      throw new Error('session machine: the "checkAdmin" actor was not provided');
    }),
    signIn: fromPromise<Session, { email: string; password: string }>(async () => {
      throw new Error('session machine: the "signIn" actor was not provided');
    }),
    /** A fresh session before the current one expires; throws SessionActorError("expired") when revoked. */
    refreshSession: fromPromise<Session, { session: Session }>(async () => {
      throw new Error('session machine: the "refreshSession" actor was not provided');
    }),
    signOut: fromPromise<void>(async () => {
      throw new Error('session machine: the "signOut" actor was not provided');
    }),
  },
  actions: {
    /** Drops the stored session without asking the server (used when the user is not an administrator). */
    discardSession: () => {},
    /** Keeps the session an actor returned (params: from its done event). */
    setSession: assign((_, params: { session: Session | null }) => ({ session: params.session, error: null, refreshFailures: 0 })),
    clearSession: assign({ session: null, role: null }),
  },
  guards: {
    hasSession: (_, params: { session: Session | null }) => Boolean(params.session),
    isAdmin: (_, params: { role: TeamRole | null }) => params.role === "owner" || params.role === "editor" || params.role === "sales",
    isRetryable: ({ context }, params: { error: unknown }) => {
      const { error } = params;
      const stillValid = !!context.session && context.session.expiresAt * 1000 > Date.now();
      return error instanceof SessionActorError && error.retryable && stillValid;
    },
  },
  delays: {
    refreshDelay: ({ context }) => (context.session ? Math.max(0, context.session.expiresAt * 1000 - Date.now() - REFRESH_MARGIN_MS) : 0),
    retryDelay: REFRESH_RETRY_MS,
  },
}).createMachine({
  id: "session",
  context: { session: null, role: null, error: null, refreshFailures: 0 },
  initial: "loading",
  states: {
    loading: {
      // A sign-in submitted while the stored session is still being read is not lost.
      on: { "user.signIn": { target: "signingIn" } },
      invoke: {
        src: "getSession",
        onDone: [
          {
            guard: { type: "hasSession", params: ({ event }) => ({ session: event.output }) },
            target: "verifying",
            actions: { type: "setSession", params: ({ event }) => ({ session: event.output }) },
          },
          { target: "signedOut" },
        ],
        onError: { target: "signedOut" },
      },
    },
    verifying: {
      invoke: {
        src: "checkAdmin",
        input: ({ context }) => ({ session: context.session! }),
        onDone: [
          {
            guard: { type: "isAdmin", params: ({ event }) => ({ role: event.output }) },
            target: "signedIn",
            actions: assign({ role: ({ event }) => event.output }),
          },
          {
            target: "signedOut",
            actions: ["discardSession", "clearSession", assign({ error: { kind: "notAdmin" } })],
          },
        ],
        onError: {
          target: "signedOut",
          actions: ["clearSession", assign({ error: ({ event }) => toAuthError(event.error) })],
        },
      },
    },
    signedOut: {
      on: {
        "user.signIn": { target: "signingIn" },
        "auth.sessionChanged": {
          target: "verifying",
          actions: assign({ session: ({ event }) => event.session, error: null }),
        },
      },
    },
    signingIn: {
      entry: assign({ error: null }),
      invoke: {
        src: "signIn",
        input: ({ event }) => {
          const e = event as Extract<SessionEvent, { type: "user.signIn" }>;
          return { email: e.email, password: e.password };
        },
        onDone: { target: "verifying", actions: { type: "setSession", params: ({ event }) => ({ session: event.output }) } },
        onError: { target: "signedOut", actions: assign({ error: ({ event }) => toAuthError(event.error) }) },
      },
    },
    signedIn: {
      initial: "active",
      on: {
        "user.signOut": { target: "signingOut" },
        "auth.signedOut": { target: "signedOut", actions: ["clearSession", assign({ error: { kind: "expired" } })] },
      },
      states: {
        active: {
          after: { refreshDelay: { target: "refreshing" } },
          on: {
            "auth.sessionChanged": {
              target: "active",
              reenter: true,
              actions: assign({ session: ({ event }) => event.session }),
            },
          },
        },
        refreshing: {
          invoke: {
            src: "refreshSession",
            input: ({ context }) => ({ session: context.session! }),
            onDone: { target: "active", actions: { type: "setSession", params: ({ event }) => ({ session: event.output }) } },
            onError: [
              {
                guard: { type: "isRetryable", params: ({ event }) => ({ error: event.error }) },
                target: "waitingToRetry",
                actions: assign({ refreshFailures: ({ context }) => context.refreshFailures + 1 }),
              },
              {
                target: "#session.signedOut",
                actions: ["discardSession", "clearSession", assign({ error: { kind: "expired" } })],
              },
            ],
          },
        },
        waitingToRetry: {
          after: { retryDelay: { target: "refreshing" } },
        },
      },
    },
    signingOut: {
      invoke: {
        src: "signOut",
        onDone: { target: "signedOut", actions: ["clearSession", assign({ error: null })] },
        // The server could not be told; the local session is gone all the same.
        onError: { target: "signedOut", actions: ["discardSession", "clearSession", assign({ error: null })] },
      },
    },
  },
});
