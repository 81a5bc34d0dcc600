-- Visitor form submissions (demo bookings, sales leads, newsletter sign-ups).
-- Written only by the submit-form function with the service role; administrators read them;
-- anonymous visitors can neither read nor write them directly.

create table public.form_submissions (
  id uuid primary key default gen_random_uuid(),
  -- Idempotency key made by the browser: a retried submission is not a second row.
  submission_id uuid not null,
  form_type text not null,
  payload jsonb not null,
  page_path text,
  locale text,
  time_zone text,
  user_agent text,
  -- inet, not text: the address is validated by the database and can be queried by network
  -- (e.g. client_ip << '203.0.113.0/24') when looking into abuse.
  client_ip inet,
  created_at timestamptz not null default now(),
  constraint form_submissions_submission_id_key unique (submission_id),
  constraint form_submissions_form_type_check check (form_type in ('demo_booking', 'sales_lead', 'newsletter')),
  constraint form_submissions_payload_check check (jsonb_typeof(payload) = 'object' and pg_column_size(payload) <= 32768),
  constraint form_submissions_page_path_check check (page_path is null or char_length(page_path) <= 500),
  constraint form_submissions_locale_check check (locale is null or locale in ('ar', 'en')),
  constraint form_submissions_time_zone_check check (time_zone is null or char_length(time_zone) <= 64),
  constraint form_submissions_user_agent_check check (user_agent is null or char_length(user_agent) <= 1024),
  constraint form_submissions_newsletter_email_check check (
    form_type <> 'newsletter' or coalesce(payload ->> 'email', '') <> ''
  )
);
alter table public.form_submissions enable row level security;

-- A newsletter address is one row, whatever its letter case.
create unique index form_submissions_newsletter_email_key
  on public.form_submissions (lower(payload ->> 'email'))
  where form_type = 'newsletter';
create index form_submissions_created_at_idx on public.form_submissions (created_at desc);
create index form_submissions_form_type_created_at_idx on public.form_submissions (form_type, created_at desc);

revoke all on table public.form_submissions from anon, authenticated;
grant select on table public.form_submissions to authenticated;
grant all on table public.form_submissions to service_role;

create policy "Administrators can read submissions"
  on public.form_submissions for select to authenticated
  using ((select public.is_admin()));

-- Counts per form type since a time, for the admin dashboard. Security invoker: RLS applies, so
-- anyone but an administrator gets zeros.
create function public.lead_counts(since timestamptz default now() - interval '30 days')
returns table (form_type text, total bigint)
language sql
stable
security invoker
set search_path = ''
as $$
  select t.form_type, count(s.id)::bigint
  from unnest(array['demo_booking', 'sales_lead', 'newsletter']) as t(form_type)
  left join public.form_submissions s on s.form_type = t.form_type and s.created_at >= since
  group by t.form_type
  order by t.form_type;
$$;
revoke all on function public.lead_counts(timestamptz) from public, anon;
grant execute on function public.lead_counts(timestamptz) to authenticated, service_role;
