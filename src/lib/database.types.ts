/**
 * The database's types: generated from supabase/migrations into database.generated.ts (`npm run
 * db:types`), plus the names the code uses for them.
 */
import type { Database } from "./database.generated";

export type { Database, Json } from "./database.generated";

export type BlogCategory = "Technology" | "Real Estate" | "AI & Automation" | "Sales" | "Market Analysis";
export type BlogCountry = "Canada" | "UAE" | "Global";
export type FormType = "demo_booking" | "sales_lead" | "newsletter";
export type TeamRole = "owner" | "editor" | "sales";
export type PostLanguage = "ar" | "en";
export type AuditEventType = "admin_sign_in" | "blog_post";

type PublicSchema = Database["public"];

export type Tables<T extends keyof PublicSchema["Tables"]> = PublicSchema["Tables"][T]["Row"];
export type TablesInsert<T extends keyof PublicSchema["Tables"]> = PublicSchema["Tables"][T]["Insert"];
export type TablesUpdate<T extends keyof PublicSchema["Tables"]> = PublicSchema["Tables"][T]["Update"];

export type BlogPost = Tables<"blog_posts">;
export type FormSubmission = Tables<"form_submissions">;
export type AuditEvent = Tables<"audit_events">;
export type MailOutboxRow = Tables<"mail_outbox">;
export type MailAttempt = Tables<"mail_attempts">;
export type NewsletterSubscriber = Tables<"newsletter_subscribers">;
