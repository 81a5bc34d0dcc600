import type { SupabaseClient } from "@supabase/supabase-js";
import type { Database } from "@/lib/database.types";

interface StaffProfile {
  timeZone: string | null;
  locale: "ar" | "en" | null;
}

/** The signed-in member's own zone and language (their administrators row). */
export async function loadMyProfile(supabase: SupabaseClient<Database>, userId: string): Promise<StaffProfile> {
  const { data, error } = await supabase.from("administrators").select("time_zone, locale").eq("user_id", userId).maybeSingle();
  if (error) throw new Error(error.message);
  return { timeZone: data?.time_zone ?? null, locale: data?.locale === "ar" || data?.locale === "en" ? data.locale : null };
}

/** Sets the caller's zone and/or language (public.set_my_profile; an unknown zone is refused). */
export async function saveMyProfile(supabase: SupabaseClient<Database>, p: { timeZone?: string; locale?: "ar" | "en" }): Promise<void> {
  const { error } = await supabase.rpc("set_my_profile", { p_time_zone: p.timeZone, p_locale: p.locale });
  if (error) throw new Error(error.message);
}
