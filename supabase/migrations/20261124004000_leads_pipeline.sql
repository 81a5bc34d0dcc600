-- The leads pipeline (docs/leads.md): every submission belongs to a lead, one per person.
--
--   public.leads        one row per person: contact details (latest known), status, owner, timestamps.
--   public.lead_events  the timeline: created, submitted again, email sent, status changed, owner
--                       changed, note added; with who did it. Written only by the triggers below.
--   public.lead_notes   notes the team adds to a lead.
--
-- A person is found by their normalised email (trimmed, lower case); a submission without an email by
-- the digits of its phone number; one with neither is a lead of its own. A person first known by phone
-- who later gives an email keeps the same lead.
--
-- Owners and sales people read and work leads (public.has_role('owner', 'sales')); nobody else, not even
-- editors. Through the API they may change a lead's status and owner (column grants) and add notes (as
-- themselves); the timeline is written by security-definer triggers, with the signed-in user as actor,
-- so it cannot be forged. Leads are created only by the database, from stored submissions.
--
-- Overdue: a lead whose status has been "new" for more than 24 elapsed hours (since it arrived, or since
-- it was set back to new). 24 hours are 24 hours whatever the clock; the business time zone
-- (Asia/Dubai, no daylight saving) is how the times are shown, see public.lead_inbox.due_at.

create table public.leads (
  id uuid primary key default gen_random_uuid(),
  -- 'email:<address>', 'phone:<digits>' or 'submission:<id>': how the person is recognised.
  person_key text not null,
  full_name text,
  email text,
  phone text,
  phone_digits text,
  company text,
  country text,
  city text,
  -- The language of the person's latest submission ('ar' or 'en'): replies are written in it.
  locale text,
  status text not null default 'new',
  owner_id uuid references public.administrators (user_id) on delete set null,
  -- Where the person first came from.
  source_form_type text not null,
  source_page_path text,
  -- Every kind of form the person has sent.
  form_types text[] not null default '{}',
  submission_count integer not null default 0,
  -- When the first submission arrived.
  created_at timestamptz not null default now(),
  status_changed_at timestamptz not null default now(),
  last_submission_at timestamptz not null default now(),
  last_activity_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint leads_person_key_key unique (person_key),
  constraint leads_status_check check (status in ('new', 'contacted', 'qualified', 'won', 'lost', 'spam')),
  constraint leads_locale_check check (locale is null or locale in ('ar', 'en')),
  constraint leads_source_form_type_check check (source_form_type in ('demo_booking', 'sales_lead', 'newsletter'))
);
alter table public.leads enable row level security;

create index leads_created_at_idx on public.leads (created_at desc, id desc);
create index leads_last_activity_at_idx on public.leads (last_activity_at desc, id desc);
create index leads_status_created_at_idx on public.leads (status, created_at desc);
create index leads_owner_idx on public.leads (owner_id, created_at desc);
create index leads_new_since_idx on public.leads (status_changed_at) where status = 'new';
create index leads_form_types_idx on public.leads using gin (form_types);
create index leads_email_idx on public.leads (email);

alter table public.form_submissions
  add column lead_id uuid references public.leads (id) on delete set null;
create index form_submissions_lead_id_idx on public.form_submissions (lead_id, created_at desc);

create table public.lead_events (
  id bigint generated always as identity primary key,
  lead_id uuid not null references public.leads (id) on delete cascade,
  kind text not null,
  -- Who did it (null: the visitor or the system).
  actor_id uuid references auth.users (id) on delete set null,
  actor_email text,
  from_value text,
  to_value text,
  -- A note's text, or the kind of email sent.
  detail text,
  submission_id uuid references public.form_submissions (id) on delete set null,
  created_at timestamptz not null default now(),
  constraint lead_events_kind_check check (kind in ('created', 'submitted', 'email_sent', 'status_changed', 'owner_changed', 'note_added'))
);
alter table public.lead_events enable row level security;
create index lead_events_lead_idx on public.lead_events (lead_id, created_at desc, id desc);

create table public.lead_notes (
  id uuid primary key default gen_random_uuid(),
  lead_id uuid not null references public.leads (id) on delete cascade,
  author_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  body text not null,
  created_at timestamptz not null default now(),
  constraint lead_notes_body_check check (char_length(btrim(body)) between 1 and 4000)
);
alter table public.lead_notes enable row level security;
create index lead_notes_lead_idx on public.lead_notes (lead_id, created_at desc);

-- ------------------------------------------------------------------------------------- access
revoke all on table public.leads, public.lead_events, public.lead_notes from anon, authenticated;
grant select on table public.leads, public.lead_events, public.lead_notes to authenticated;
grant update (status, owner_id) on table public.leads to authenticated;
grant insert (lead_id, body) on table public.lead_notes to authenticated;
grant all on table public.leads, public.lead_events, public.lead_notes to service_role;

create policy "Owners and sales people can read leads"
  on public.leads for select to authenticated
  using ((select public.has_role('owner', 'sales')));

create policy "Owners and sales people can change a lead's status and owner"
  on public.leads for update to authenticated
  using ((select public.has_role('owner', 'sales')))
  with check ((select public.has_role('owner', 'sales')));

create policy "Owners and sales people can read the timeline"
  on public.lead_events for select to authenticated
  using ((select public.has_role('owner', 'sales')));

create policy "Owners and sales people can read notes"
  on public.lead_notes for select to authenticated
  using ((select public.has_role('owner', 'sales')));

create policy "Owners and sales people can add notes as themselves"
  on public.lead_notes for insert to authenticated
  with check ((select public.has_role('owner', 'sales')) and author_id = (select auth.uid()));

-- The list the inbox reads: a lead and whether it is overdue. security_invoker: the leads' policies apply.
create view public.lead_inbox with (security_invoker = true) as
  select l.id, l.full_name, l.email, l.phone, l.phone_digits, l.company, l.country, l.city, l.locale,
         l.status, l.owner_id, l.source_form_type, l.source_page_path, l.form_types, l.submission_count,
         l.created_at, l.status_changed_at, l.last_submission_at, l.last_activity_at,
         (l.status = 'new' and l.status_changed_at <= now() - interval '24 hours') as overdue,
         case when l.status = 'new' then l.status_changed_at + interval '24 hours' end as due_at
  from public.leads l;
revoke all on table public.lead_inbox from anon, authenticated;
grant select on table public.lead_inbox to authenticated, service_role;

-- --------------------------------------------------------------------------------- helpers
-- The digits of a submission's phone number (international prefix "00" dropped), or null when fewer than 7.
create function public.lead_phone_digits(p jsonb)
returns text
language sql
immutable
set search_path = ''
as $$
  select case when char_length(d) >= 7 then d end
  from (
    select regexp_replace(
      regexp_replace(
        coalesce(nullif(btrim(p ->> 'phone'), ''), coalesce(p ->> 'countryCode', '') || coalesce(p ->> 'phoneNumber', '')),
        '\D', '', 'g'),
      '^00', '') as d
  ) x;
$$;

-- The email address of the signed-in user (for the timeline), or null.
create function public.lead_actor_email(p_user uuid)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select u.email::text from auth.users u where u.id = p_user;
$$;
revoke all on function public.lead_actor_email(uuid) from public, anon, authenticated;

-- Attach one stored submission to its person's lead (creating the lead if needed) and record it on
-- the timeline at the submission's own time. Used by the trigger and by the backfill below.
create function public.lead_attach_submission(p_submission uuid)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  s public.form_submissions;
  v_email text;
  v_digits text;
  v_phone text;
  v_key text;
  v_lead uuid;
  v_created boolean;
begin
  select * into s from public.form_submissions where id = p_submission;
  if not found then
    return null;
  end if;
  v_email := nullif(lower(btrim(s.payload ->> 'email')), '');
  v_digits := public.lead_phone_digits(s.payload);
  v_phone := nullif(btrim(coalesce(nullif(btrim(s.payload ->> 'phone'), ''),
                                   coalesce(s.payload ->> 'countryCode', '') || coalesce(s.payload ->> 'phoneNumber', ''))), '');
  if v_email is not null then
    v_key := 'email:' || v_email;
    -- Someone first known by their phone only now gives an email: the same person, the same lead.
    if v_digits is not null and not exists (select 1 from public.leads where person_key = v_key) then
      update public.leads set person_key = v_key, email = v_email
      where person_key = 'phone:' || v_digits and email is null;
    end if;
  elsif v_digits is not null then
    v_key := 'phone:' || v_digits;
  else
    v_key := 'submission:' || s.id::text;
  end if;

  insert into public.leads as l (
    person_key, full_name, email, phone, phone_digits, company, country, city, locale,
    source_form_type, source_page_path, form_types, submission_count,
    created_at, status_changed_at, last_submission_at, last_activity_at
  ) values (
    v_key,
    nullif(btrim(s.payload ->> 'fullName'), ''),
    v_email,
    v_phone,
    v_digits,
    coalesce(nullif(btrim(s.payload ->> 'company'), ''), nullif(btrim(s.payload ->> 'companyName'), '')),
    nullif(btrim(s.payload ->> 'country'), ''),
    nullif(btrim(s.payload ->> 'city'), ''),
    s.locale,
    s.form_type,
    s.page_path,
    array[s.form_type],
    1,
    s.created_at, s.created_at, s.created_at, s.created_at
  )
  on conflict (person_key) do update set
    full_name = coalesce(excluded.full_name, l.full_name),
    email = coalesce(excluded.email, l.email),
    phone = coalesce(excluded.phone, l.phone),
    phone_digits = coalesce(excluded.phone_digits, l.phone_digits),
    company = coalesce(excluded.company, l.company),
    country = coalesce(excluded.country, l.country),
    city = coalesce(excluded.city, l.city),
    locale = coalesce(excluded.locale, l.locale),
    form_types = case when excluded.source_form_type = any (l.form_types) then l.form_types
                      else l.form_types || excluded.source_form_type end,
    submission_count = l.submission_count + 1,
    last_submission_at = greatest(l.last_submission_at, excluded.last_submission_at),
    last_activity_at = greatest(l.last_activity_at, excluded.last_activity_at),
    updated_at = now()
  returning l.id, (l.xmax = 0) into v_lead, v_created;

  update public.form_submissions set lead_id = v_lead where id = s.id;
  insert into public.lead_events (lead_id, kind, to_value, submission_id, created_at)
  values (v_lead, case when v_created then 'created' else 'submitted' end, s.form_type, s.id, s.created_at);
  return v_lead;
end;
$$;
revoke all on function public.lead_attach_submission(uuid) from public, anon, authenticated;

create function public.form_submissions_attach_lead()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform public.lead_attach_submission(new.id);
  return null;
end;
$$;
revoke all on function public.form_submissions_attach_lead() from public, anon, authenticated;

create trigger form_submissions_attach_lead
  after insert on public.form_submissions
  for each row execute function public.form_submissions_attach_lead();

-- A person whose every submission is erased (public.erase_personal_data) leaves no lead behind.
create function public.form_submissions_drop_empty_lead()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if old.lead_id is not null
     and not exists (select 1 from public.form_submissions where lead_id = old.lead_id) then
    delete from public.leads where id = old.lead_id;
  end if;
  return null;
end;
$$;
revoke all on function public.form_submissions_drop_empty_lead() from public, anon, authenticated;

create trigger form_submissions_drop_empty_lead
  after delete on public.form_submissions
  for each row execute function public.form_submissions_drop_empty_lead();

-- Before a lead changes: only a team member who works leads can own one; the status clock restarts
-- when the status changes; any change by the team is activity.
create function public.leads_before_update()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.owner_id is distinct from old.owner_id and new.owner_id is not null
     and not exists (select 1 from public.administrators a where a.user_id = new.owner_id and a.role in ('owner', 'sales')) then
    raise exception 'a lead can only be assigned to an owner or a sales person' using errcode = '23514';
  end if;
  if new.status is distinct from old.status then
    new.status_changed_at := now();
    new.last_activity_at := now();
  end if;
  if new.owner_id is distinct from old.owner_id then
    new.last_activity_at := now();
  end if;
  new.updated_at := now();
  return new;
end;
$$;
revoke all on function public.leads_before_update() from public, anon, authenticated;

create trigger leads_before_update
  before update on public.leads
  for each row execute function public.leads_before_update();

-- After a lead changes: the timeline records what changed and who changed it (the signed-in user).
create function public.leads_record_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  actor uuid := (select auth.uid());
  actor_email text := public.lead_actor_email((select auth.uid()));
begin
  if new.status is distinct from old.status then
    insert into public.lead_events (lead_id, kind, actor_id, actor_email, from_value, to_value)
    values (new.id, 'status_changed', actor, actor_email, old.status, new.status);
  end if;
  if new.owner_id is distinct from old.owner_id then
    insert into public.lead_events (lead_id, kind, actor_id, actor_email, from_value, to_value)
    values (new.id, 'owner_changed', actor, actor_email,
            public.lead_actor_email(old.owner_id), public.lead_actor_email(new.owner_id));
  end if;
  return null;
end;
$$;
revoke all on function public.leads_record_change() from public, anon, authenticated;

create trigger leads_record_change
  after update on public.leads
  for each row execute function public.leads_record_change();

create function public.lead_notes_record()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.lead_events (lead_id, kind, actor_id, actor_email, detail, created_at)
  values (new.lead_id, 'note_added', new.author_id, public.lead_actor_email(new.author_id), new.body, new.created_at);
  update public.leads set last_activity_at = greatest(last_activity_at, new.created_at) where id = new.lead_id;
  return null;
end;
$$;
revoke all on function public.lead_notes_record() from public, anon, authenticated;

create trigger lead_notes_record
  after insert on public.lead_notes
  for each row execute function public.lead_notes_record();

-- The mail worker marks a message sent: an email that left for a lead goes on its timeline.
create function public.mail_outbox_record_lead_email()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_lead uuid;
begin
  if new.status = 'sent' and old.status is distinct from 'sent' and new.channel = 'email' and new.submission_id is not null then
    select lead_id into v_lead from public.form_submissions where id = new.submission_id;
    if v_lead is not null then
      insert into public.lead_events (lead_id, kind, detail, submission_id, created_at)
      values (v_lead, 'email_sent', new.kind, new.submission_id, coalesce(new.sent_at, now()));
    end if;
  end if;
  return null;
end;
$$;
revoke all on function public.mail_outbox_record_lead_email() from public, anon, authenticated;

create trigger mail_outbox_record_lead_email
  after update of status on public.mail_outbox
  for each row execute function public.mail_outbox_record_lead_email();

-- The people who can own a lead (owners and sales people), with their email, for the assign menu.
create function public.lead_owner_choices()
returns table (user_id uuid, email text, role text)
language sql
stable
security definer
set search_path = ''
as $$
  select a.user_id, u.email::text, a.role
  from public.administrators a
  join auth.users u on u.id = a.user_id
  where a.role in ('owner', 'sales') and (select public.has_role('owner', 'sales'))
  order by u.email;
$$;
revoke all on function public.lead_owner_choices() from public, anon;
grant execute on function public.lead_owner_choices() to authenticated, service_role;

-- The dashboard's figures for leads that arrived since p_since: by status, by form and by page,
-- and the overdue count (whenever they arrived). Security invoker: anyone else gets zeros.
create function public.lead_dashboard(p_since timestamptz)
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select jsonb_build_object(
    'total', (select count(*) from public.leads where created_at >= p_since),
    'byStatus', coalesce((select jsonb_object_agg(status, n) from (
      select status, count(*) as n from public.leads where created_at >= p_since group by status) s), '{}'::jsonb),
    'byFormType', coalesce((select jsonb_object_agg(t, n) from (
      select t, count(*) as n from public.leads, unnest(form_types) as t
      where created_at >= p_since and status <> 'spam' group by t) f), '{}'::jsonb),
    'byPage', coalesce((select jsonb_agg(jsonb_build_object('path', p, 'count', n) order by n desc, p) from (
      select coalesce(source_page_path, '') as p, count(*) as n from public.leads
      where created_at >= p_since and status <> 'spam' group by 1 order by 2 desc, 1 limit 8) g), '[]'::jsonb),
    'overdue', (select count(*) from public.leads where status = 'new' and status_changed_at <= now() - interval '24 hours')
  );
$$;
revoke all on function public.lead_dashboard(timestamptz) from public, anon;
grant execute on function public.lead_dashboard(timestamptz) to authenticated, service_role;

-- ------------------------------------------------------------------------------- backfill
-- Every submission already stored becomes part of a lead, oldest first, with its timeline; emails
-- already sent are recorded at the time they left.
do $$
declare
  r record;
begin
  for r in select id from public.form_submissions where lead_id is null order by created_at, id loop
    perform public.lead_attach_submission(r.id);
  end loop;
  insert into public.lead_events (lead_id, kind, detail, submission_id, created_at)
  select s.lead_id, 'email_sent', m.kind, m.submission_id, coalesce(m.sent_at, m.updated_at)
  from public.mail_outbox m
  join public.form_submissions s on s.id = m.submission_id
  where m.status = 'sent' and m.channel = 'email' and s.lead_id is not null;
end;
$$;
