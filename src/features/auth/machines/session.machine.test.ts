import { describe, expect, it, vi } from "vitest";
import { SimulatedClock, createActor, fromPromise, waitFor } from "xstate";
import { REFRESH_MARGIN_MS, REFRESH_RETRY_MS, type Session, SessionActorError, type TeamRole, sessionMachine } from "./session.machine";

const HOUR = 3600;
const session = (id = "1", lifetime = HOUR): Session => ({
  user: { id: "user-1", email: "admin@example.com" },
  accessToken: `access-${id}`,
  refreshToken: `refresh-${id}`,
  expiresAt: Math.floor(Date.now() / 1000) + lifetime,
});

/** Fake auth actors; every one records its calls. */
function fakes(over: Partial<Record<"getSession" | "checkAdmin" | "signIn" | "refreshSession" | "signOut", () => Promise<unknown>>> = {}) {
  const calls = { getSession: 0, checkAdmin: 0, signIn: [] as unknown[], refreshSession: 0, signOut: 0, discard: 0 };
  const machine = sessionMachine.provide({
    actors: {
      getSession: fromPromise(async () => {
        calls.getSession++;
        return (over.getSession ? await over.getSession() : null) as Session | null;
      }),
      checkAdmin: fromPromise(async () => {
        calls.checkAdmin++;
        return (over.checkAdmin ? await over.checkAdmin() : "owner") as TeamRole | null;
      }),
      signIn: fromPromise(async ({ input }) => {
        calls.signIn.push(input);
        return (over.signIn ? await over.signIn() : session("signed-in")) as Session;
      }),
      refreshSession: fromPromise(async () => {
        calls.refreshSession++;
        return (over.refreshSession ? await over.refreshSession() : session(`r${calls.refreshSession}`)) as Session;
      }),
      signOut: fromPromise(async () => {
        calls.signOut++;
        if (over.signOut) await over.signOut();
      }),
    },
    actions: { discardSession: () => void calls.discard++ },
  });
  return { machine, calls };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe("session machine", () => {
  it("starts in loading and goes to signedOut without a stored session", async () => {
    const { machine } = fakes();
    const actor = createActor(machine).start();
    expect(actor.getSnapshot().value).toBe("loading");
    await waitFor(actor, (s) => s.matches("signedOut"));
    expect(actor.getSnapshot().context.session).toBeNull();
  });

  it("restores a stored administrator session", async () => {
    const stored = session("stored");
    const { machine, calls } = fakes({ getSession: async () => stored });
    const actor = createActor(machine).start();
    await waitFor(actor, (s) => s.matches("signedIn"));
    expect(actor.getSnapshot().context.session).toEqual(stored);
    expect(calls.checkAdmin).toBe(1);
  });

  it("keeps the member's role, and forgets it on sign-out", async () => {
    const { machine } = fakes({ getSession: async () => session("stored"), checkAdmin: async () => "sales" });
    const actor = createActor(machine).start();
    await waitFor(actor, (s) => s.matches("signedIn"));
    expect(actor.getSnapshot().context.role).toBe("sales");
    actor.send({ type: "user.signOut" });
    await waitFor(actor, (s) => s.matches("signedOut"));
    expect(actor.getSnapshot().context.role).toBeNull();
  });

  it("signs in, and shows the provider's error on bad credentials", async () => {
    let fail = true;
    const { machine, calls } = fakes({
      signIn: async () => {
        if (fail) throw new SessionActorError("credentials", "Invalid login credentials");
        return session("ok");
      },
    });
    const actor = createActor(machine).start();
    await waitFor(actor, (s) => s.matches("signedOut"));
    actor.send({ type: "user.signIn", email: "admin@example.com", password: "wrong" });
    expect(actor.getSnapshot().value).toBe("signingIn");
    await waitFor(actor, (s) => s.matches("signedOut") && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toEqual({ kind: "credentials", message: "Invalid login credentials" });
    expect(calls.signIn[0]).toEqual({ email: "admin@example.com", password: "wrong" });

    fail = false;
    actor.send({ type: "user.signIn", email: "admin@example.com", password: "right" });
    await waitFor(actor, (s) => s.matches("signedIn"));
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(actor.getSnapshot().context.session?.accessToken).toBe("access-ok");
  });

  it("does not lose a sign-in submitted while the stored session is still being read", async () => {
    const { machine, calls } = fakes({ getSession: () => new Promise(() => {}) });
    const actor = createActor(machine).start();
    expect(actor.getSnapshot().value).toBe("loading");
    actor.send({ type: "user.signIn", email: "admin@example.com", password: "pw" });
    await waitFor(actor, (s) => s.matches("signedIn"));
    expect(calls.signIn).toHaveLength(1);
  });

  it("refuses a signed-in user who is not an administrator and drops the session", async () => {
    const { machine, calls } = fakes({ checkAdmin: async () => null });
    const actor = createActor(machine).start();
    await waitFor(actor, (s) => s.matches("signedOut"));
    actor.send({ type: "user.signIn", email: "someone@example.com", password: "pw" });
    await waitFor(actor, (s) => s.matches("signedOut") && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toEqual({ kind: "notAdmin" });
    expect(actor.getSnapshot().context.session).toBeNull();
    expect(calls.discard).toBe(1);
  });

  it("refreshes shortly before expiry (simulated clock)", async () => {
    const clock = new SimulatedClock();
    const { machine, calls } = fakes({ getSession: async () => session("stored", HOUR) });
    const actor = createActor(machine, { clock }).start();
    await waitFor(actor, (s) => s.matches("signedIn"));

    // Not yet: one second before the refresh point.
    clock.increment(HOUR * 1000 - REFRESH_MARGIN_MS - 1000);
    await flush();
    expect(calls.refreshSession).toBe(0);
    expect(actor.getSnapshot().matches({ signedIn: "active" })).toBe(true);

    // At the refresh point, with a minute left before expiry.
    clock.increment(1000);
    await waitFor(actor, (s) => s.matches({ signedIn: "active" }) && s.context.session?.accessToken === "access-r1");
    expect(calls.refreshSession).toBe(1);

    // The new session schedules the next refresh in its turn.
    clock.increment(HOUR * 1000);
    await waitFor(actor, (s) => s.context.session?.accessToken === "access-r2");
    expect(calls.refreshSession).toBe(2);
  });

  it("signs out cleanly when the refresh token was revoked", async () => {
    const clock = new SimulatedClock();
    const { machine, calls } = fakes({
      getSession: async () => session("stored", HOUR),
      refreshSession: async () => {
        throw new SessionActorError("expired", "Invalid Refresh Token: Refresh Token Not Found");
      },
    });
    const actor = createActor(machine, { clock }).start();
    await waitFor(actor, (s) => s.matches("signedIn"));
    clock.increment(HOUR * 1000 - REFRESH_MARGIN_MS);
    await waitFor(actor, (s) => s.matches("signedOut"));
    expect(actor.getSnapshot().context).toMatchObject({ session: null, error: { kind: "expired" } });
    expect(calls.discard).toBe(1);
  });

  it("retries a refresh that failed for a temporary reason while the session is still valid", async () => {
    const clock = new SimulatedClock();
    let attempts = 0;
    const { machine } = fakes({
      getSession: async () => session("stored", HOUR),
      refreshSession: async () => {
        attempts++;
        if (attempts === 1) throw new SessionActorError("network", "Failed to fetch", true);
        return session("retried");
      },
    });
    const actor = createActor(machine, { clock }).start();
    await waitFor(actor, (s) => s.matches("signedIn"));
    clock.increment(HOUR * 1000 - REFRESH_MARGIN_MS);
    await waitFor(actor, (s) => s.matches({ signedIn: "waitingToRetry" }));
    expect(actor.getSnapshot().context.refreshFailures).toBe(1);
    clock.increment(REFRESH_RETRY_MS);
    await waitFor(actor, (s) => s.context.session?.accessToken === "access-retried");
    expect(actor.getSnapshot().matches({ signedIn: "active" })).toBe(true);
    expect(actor.getSnapshot().context.refreshFailures).toBe(0);
  });

  it("gives up retrying once the session has expired", async () => {
    const { machine } = fakes({
      getSession: async () => session("stored", -1),
      refreshSession: async () => {
        throw new SessionActorError("network", "Failed to fetch", true);
      },
    });
    const actor = createActor(machine).start();
    // Already past the refresh point: refreshes at once, fails, and the session is no longer valid.
    await waitFor(actor, (s) => s.matches("signedOut"));
    expect(actor.getSnapshot().context.error).toEqual({ kind: "expired" });
  });

  it("follows the client's auth events", async () => {
    const { machine } = fakes({ getSession: async () => session("stored") });
    const actor = createActor(machine).start();
    await waitFor(actor, (s) => s.matches("signedIn"));
    const other = session("other-tab");
    actor.send({ type: "auth.sessionChanged", session: other });
    expect(actor.getSnapshot().context.session).toEqual(other);
    actor.send({ type: "auth.signedOut" });
    expect(actor.getSnapshot().value).toBe("signedOut");
    expect(actor.getSnapshot().context.session).toBeNull();
  });

  it("signs out, even when the server cannot be told", async () => {
    const warn = vi.fn();
    const { machine, calls } = fakes({
      getSession: async () => session("stored"),
      signOut: async () => {
        warn();
        throw new Error("offline");
      },
    });
    const actor = createActor(machine).start();
    await waitFor(actor, (s) => s.matches("signedIn"));
    actor.send({ type: "user.signOut" });
    expect(actor.getSnapshot().value).toBe("signingOut");
    await waitFor(actor, (s) => s.matches("signedOut"));
    expect(calls.signOut).toBe(1);
    expect(calls.discard).toBe(1);
    expect(actor.getSnapshot().context).toMatchObject({ session: null, error: null });
  });
});
