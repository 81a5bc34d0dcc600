/**
 * Database types in the shape `supabase gen types typescript --local` produces, written by hand from
 * supabase/migrations (keep them in step when a migration changes a table).
 */
export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[];

export type BlogCategory = "Technology" | "Real Estate" | "AI & Automation" | "Sales" | "Market Analysis";
export type BlogCountry = "Canada" | "UAE" | "Global";
export type FormType = "demo_booking" | "sales_lead" | "newsletter";
export type TeamRole = "owner" | "editor" | "sales";
export type PostLanguage = "ar" | "en";
export type AuditEventType = "admin_sign_in" | "blog_post";

export type Database = {
  public: {
    Tables: {
      administrators: {
        Row: { user_id: string; role: TeamRole; created_at: string };
        Insert: { user_id: string; role: TeamRole; created_at?: string };
        Update: { user_id?: string; role?: TeamRole; created_at?: string };
        Relationships: [];
      };
      blog_posts: {
        Row: {
          id: string;
          slug: string;
          title: string;
          excerpt: string;
          content: string;
          category: string;
          country: string;
          read_time: string;
          is_popular: boolean;
          published: boolean;
          hero_image_url: string | null;
          language: PostLanguage;
          translation_group: string;
          published_at: string | null;
          meta_title: string | null;
          meta_description: string | null;
          hero_image_alt: string | null;
          created_at: string;
          updated_at: string;
        };
        Insert: {
          id?: string;
          slug: string;
          title: string;
          excerpt: string;
          content: string;
          category: string;
          country: string;
          read_time: string;
          is_popular?: boolean;
          published?: boolean;
          hero_image_url?: string | null;
          language?: PostLanguage;
          translation_group?: string;
          published_at?: string | null;
          meta_title?: string | null;
          meta_description?: string | null;
          hero_image_alt?: string | null;
          created_at?: string;
          updated_at?: string;
        };
        Update: {
          id?: string;
          slug?: string;
          title?: string;
          excerpt?: string;
          content?: string;
          category?: string;
          country?: string;
          read_time?: string;
          is_popular?: boolean;
          published?: boolean;
          hero_image_url?: string | null;
          language?: PostLanguage;
          translation_group?: string;
          published_at?: string | null;
          meta_title?: string | null;
          meta_description?: string | null;
          hero_image_alt?: string | null;
          created_at?: string;
          updated_at?: string;
        };
        Relationships: [];
      };
      form_submissions: {
        Row: {
          id: string;
          submission_id: string;
          form_type: string;
          payload: Json;
          page_path: string | null;
          locale: string | null;
          time_zone: string | null;
          user_agent: string | null;
          client_ip: unknown;
          created_at: string;
        };
        Insert: {
          id?: string;
          submission_id: string;
          form_type: string;
          payload: Json;
          page_path?: string | null;
          locale?: string | null;
          time_zone?: string | null;
          user_agent?: string | null;
          client_ip?: unknown;
          created_at?: string;
        };
        Update: {
          id?: string;
          submission_id?: string;
          form_type?: string;
          payload?: Json;
          page_path?: string | null;
          locale?: string | null;
          time_zone?: string | null;
          user_agent?: string | null;
          client_ip?: unknown;
          created_at?: string;
        };
        Relationships: [];
      };
      audit_events: {
        Row: {
          id: number;
          event_type: string;
          actor_id: string | null;
          actor_email: string | null;
          success: boolean;
          details: Json;
          client_ip: unknown;
          user_agent: string | null;
          created_at: string;
        };
        Insert: {
          id?: never;
          event_type: string;
          actor_id?: string | null;
          actor_email?: string | null;
          success?: boolean;
          details?: Json;
          client_ip?: unknown;
          user_agent?: string | null;
          created_at?: string;
        };
        Update: {
          id?: never;
          event_type?: string;
          actor_id?: string | null;
          actor_email?: string | null;
          success?: boolean;
          details?: Json;
          client_ip?: unknown;
          user_agent?: string | null;
          created_at?: string;
        };
        Relationships: [];
      };
      mail_outbox: {
        Row: {
          id: string;
          kind: "sales_notification" | "lead_acknowledgement" | "booking_confirmation" | "newsletter_confirmation" | "lead_webhook";
          channel: "email" | "webhook";
          submission_id: string | null;
          recipient: string | null;
          locale: "ar" | "en";
          status: "pending" | "sending" | "sent" | "failed" | "skipped";
          attempts: number;
          max_attempts: number;
          next_attempt_at: string;
          locked_until: string | null;
          last_error: string | null;
          subject: string | null;
          text_body: string | null;
          html_body: string | null;
          data: Json;
          response: string | null;
          created_at: string;
          updated_at: string;
          sent_at: string | null;
        };
        Insert: { [_ in never]: never };
        Update: { [_ in never]: never };
        Relationships: [];
      };
      mail_attempts: {
        Row: { id: number; outbox_id: string; attempted_at: string; ok: boolean; detail: string | null; duration_ms: number | null };
        Insert: { [_ in never]: never };
        Update: { [_ in never]: never };
        Relationships: [];
      };
      newsletter_subscribers: {
        Row: {
          id: string;
          email: string;
          status: "pending" | "confirmed" | "unsubscribed";
          locale: "ar" | "en";
          consent_version: string | null;
          consent_page: string | null;
          consented_at: string | null;
          confirmed_at: string | null;
          unsubscribed_at: string | null;
          created_at: string;
          updated_at: string;
        };
        Insert: { [_ in never]: never };
        Update: { [_ in never]: never };
        Relationships: [];
      };
    };
    Views: { [_ in never]: never };
    Functions: {
      is_admin: { Args: Record<PropertyKey, never>; Returns: boolean };
      has_role: { Args: { roles: TeamRole[] }; Returns: boolean };
      lead_counts: { Args: { since?: string }; Returns: { form_type: string; total: number }[] };
      retry_mail: { Args: { p_id: string }; Returns: undefined };
      erase_personal_data: { Args: { p_email: string }; Returns: { submissions: number; subscribers: number; messages: number } };
    };
    Enums: { [_ in never]: never };
    CompositeTypes: { [_ in never]: never };
  };
};

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
