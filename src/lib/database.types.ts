/**
 * The database's types: generated from supabase/migrations into database.generated.ts (`npm run
 * db:types`), plus the names the code uses for them.
 */
import type { Database } from "./database.generated";

export type { Database, Json } from "./database.generated";

export type BlogCategory = "Technology" | "Real Estate" | "AI & Automation" | "Sales" | "Market Analysis";
export type BlogCountry = "Canada" | "UAE" | "Global";
/** A team member's role (administrators.role). */
export type TeamRole = Tables<"administrators">["role"];
/** A post's language (blog_posts.language). */
export type PostLanguage = Tables<"blog_posts">["language"];

type PublicSchema = Database["public"];

export type Tables<T extends keyof PublicSchema["Tables"]> = PublicSchema["Tables"][T]["Row"];

export type MailOutboxRow = Tables<"mail_outbox">;
export type MailAttempt = Tables<"mail_attempts">;
export type NewsletterSubscriber = Tables<"newsletter_subscribers">;
export type NewsletterIssue = Tables<"newsletter_issues">;

/** A lead's place in the pipeline (supabase/migrations/20261124004000_leads_pipeline.sql). */
export type LeadStatus = Tables<"leads">["status"];
/** One person who contacted the business: every submission from them belongs to this lead. */
export type LeadRow = Tables<"leads">;

/** public.bookings (supabase/migrations/20261124005001_bookings.sql). */
type BookingRow = Tables<"bookings">;

type AgendaFunctionRow = PublicSchema["Functions"]["booking_agenda"]["Returns"][number];

/**
 * A row of public.booking_agenda(): the booking and who booked it. A function's result columns carry
 * neither the check constraints nor the nullability of the tables they come from, so the generated
 * type is narrowed here to the columns' own.
 */
export type AgendaRow = Omit<AgendaFunctionRow, "status" | "locale" | keyof AgendaNullable> & {
  status: BookingRow["status"];
  locale: BookingRow["locale"];
} & AgendaNullable;

type AgendaNullable = {
  visitor_time_zone: string | null;
  notes: string | null;
  rescheduled_from: string | null;
  cancelled_at: string | null;
  full_name: string | null;
  email: string | null;
  phone: string | null;
  company: string | null;
  page_path: string | null;
};
