import type { SupabaseClient } from "@supabase/supabase-js";
import type { Database } from "@/lib/database.types";
import { useActorRef, useSelector } from "@xstate/react";
import { type ReactNode, createContext, useContext, useEffect, useMemo } from "react";
import { fromPromise } from "xstate";
import { getSupabase } from "@/lib/supabase/client";
import { getSession } from "../api/get-session";
import { administratorRole } from "../api/is-administrator";
import { refreshSession } from "../api/refresh-session";
import { signIn } from "../api/sign-in";
import { signOut } from "../api/sign-out";
import { toSession } from "../api/to-session";
import { type AuthError, type Session, type SessionUser, type TeamRole, sessionMachine } from "../machines/session.machine";

type AuthStatus = "loading" | "verifying" | "signedOut" | "signingIn" | "signedIn" | "signingOut";

interface AuthValue {
  status: AuthStatus;
  user: SessionUser | null;
  /** The member's role once the session is checked (null while loading or signed out). */
  role: TeamRole | null;
  session: Session | null;
  error: AuthError | null;
  /** The session check (or a sign-in) is still running. */
  isPending: boolean;
  signIn: (email: string, password: string) => void;
  signOut: () => void;
}

const AuthContext = createContext<AuthValue | null>(null);

/** The session machine wired to the browser's Supabase client. */
function createSessionLogic(client: () => Promise<SupabaseClient<Database>> = getSupabase) {
  return sessionMachine.provide({
    actors: {
      getSession: fromPromise(async () => getSession(await client())),
      checkAdmin: fromPromise(async ({ input }) => administratorRole(await client(), input.session.user.id)),
      signIn: fromPromise(async ({ input }) => signIn(await client(), input)),
      refreshSession: fromPromise(async () => refreshSession(await client())),
      signOut: fromPromise(async () => signOut(await client(), "global")),
    },
    actions: {
      discardSession: () => {
        void client()
          .then((c) => signOut(c, "local"))
          .catch(() => {});
      },
    },
  });
}

interface AuthProviderProps {
  children: ReactNode;
  /** The machine with its side effects; stories and tests pass one with fake actors. */
  logic?: typeof sessionMachine;
  /** Where auth events come from; defaults to the browser's Supabase client. */
  client?: () => Promise<SupabaseClient<Database>>;
}

/**
 * Holds the administrator session. The machine starts in the browser only (effects do not run on the
 * server), so a server render always shows the loading state and never private data.
 */
export function AuthProvider({ children, logic, client = getSupabase }: AuthProviderProps) {
  const machine = useMemo(() => logic ?? createSessionLogic(client), [logic, client]);
  const actor = useActorRef(machine);
  const snapshot = useSelector(actor, (s) => s);

  // Follow the client's own auth events (other tabs, supabase-js's auto refresh, revoked refresh).
  useEffect(() => {
    if (logic) return;
    let unsubscribe: (() => void) | undefined;
    let cancelled = false;
    void client().then((sb) => {
      if (cancelled) return;
      const { data } = sb.auth.onAuthStateChange((event, s) => {
        if (event === "SIGNED_OUT") actor.send({ type: "auth.signedOut" });
        else if ((event === "TOKEN_REFRESHED" || event === "SIGNED_IN" || event === "USER_UPDATED") && s)
          actor.send({ type: "auth.sessionChanged", session: toSession(s) });
      });
      unsubscribe = () => data.subscription.unsubscribe();
    });
    return () => {
      cancelled = true;
      unsubscribe?.();
    };
  }, [actor, client, logic]);

  const value = useMemo<AuthValue>(() => {
    const top = (typeof snapshot.value === "string" ? snapshot.value : Object.keys(snapshot.value)[0]) as AuthStatus;
    return {
      status: top,
      user: snapshot.context.session?.user ?? null,
      role: snapshot.context.role,
      session: snapshot.context.session,
      error: snapshot.context.error,
      isPending: top === "loading" || top === "verifying" || top === "signingIn",
      signIn: (email, password) => actor.send({ type: "user.signIn", email, password }),
      signOut: () => actor.send({ type: "user.signOut" }),
    };
  }, [snapshot, actor]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error("useAuth must be used within an AuthProvider");
  return value;
}
