import type { SupabaseClient } from "@supabase/supabase-js";
import type { Database } from "@/lib/database.types";
import type { Session } from "../machines/session.machine";
import { toSessionError } from "./auth-errors";
import { toSession } from "./to-session";

interface SignInInput {
  email: string;
  password: string;
}

/** Password sign-in (POST /auth/v1/token?grant_type=password). The server records the attempt. */
export async function signIn(supabase: SupabaseClient<Database>, { email, password }: SignInInput): Promise<Session> {
  const { data, error } = await supabase.auth.signInWithPassword({ email: email.trim(), password });
  if (error) throw toSessionError(error, "credentials");
  if (!data.session) throw toSessionError({ message: "No session" }, "unknown");
  return toSession(data.session);
}
