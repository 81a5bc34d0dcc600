-- The sales team's side of leads and bookings (docs/leads.md#assignment, docs/mail.md#team-mail).
--
--   * Team members sell in one or more markets (administrators.market_ids; null: every market) and can be
--     marked away; each has a time zone and a language for the admin and their emails.
--   * A lead belongs to a market (public.lead_market): its booking's, else the one whose country_codes hold
--     the person's country (leads.country_code, the submission's countryIso, or its dial code), else the
--     default market.
--   * New leads and bookings are given round robin to the market's sales people who are not away (for a
--     booking: who are free at its start), else to the owners. One cursor row per market, locked while a
--     choice is made, so concurrent submissions never pick the same turn twice.
--   * The assigned person is emailed at once (lead_assigned / booking_assigned) and when the lead turns
--     overdue (lead_overdue, once per overdue period, queued by public.queue_overdue_mail, run by the mail
--     worker on its clock). Copies go to the addresses the owner sets in public.sales_notify_settings.
--   * Booking changes go on the lead's timeline (booked, moved, cancelled, reminded, assigned; by whom).
--   * The agenda reads any range a page at a time (public.booking_agenda_page).

-- ------------------------------------------------------------------------------ team members
alter table public.administrators
  add column market_ids text[],
  add column away boolean not null default false,
  add column time_zone text,
  add column locale text,
  add constraint administrators_market_ids_check check (market_ids is null or cardinality(market_ids) between 1 and 50),
  add constraint administrators_time_zone_check check (time_zone is null or char_length(time_zone) between 1 and 64),
  add constraint administrators_locale_check check (locale is null or locale in ('ar', 'en'));

-- Owners set another member's markets and absence (the existing update policy: owners, other members).
grant update (role, market_ids, away) on table public.administrators to authenticated;

-- Markets a member sells in must exist; an empty list is "every market" (null).
create function public.administrators_check_markets()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.market_ids is not null then
    new.market_ids := (select array_agg(distinct m order by m) from unnest(new.market_ids) m);
    if exists (select 1 from unnest(new.market_ids) m where not exists (select 1 from public.markets k where k.id = m)) then
      raise exception 'unknown market' using errcode = '23503';
    end if;
  end if;
  if new.time_zone is not null then
    perform now() at time zone new.time_zone;
  end if;
  return new;
end;
$$;
revoke all on function public.administrators_check_markets() from public, anon, authenticated;

create trigger administrators_check_markets
  before insert or update of market_ids, time_zone on public.administrators
  for each row execute function public.administrators_check_markets();

-- Every member sets their own time zone and language (the update policy does not let anyone change
-- their own entry, so this function does it for the caller only). An unknown zone raises 22023.
create function public.set_my_profile(p_time_zone text default null, p_locale text default null)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not (select public.is_admin()) then
    raise exception 'only team members have a profile' using errcode = '42501';
  end if;
  if p_time_zone is not null then
    begin
      perform now() at time zone p_time_zone;
    exception when others then
      raise exception 'unknown time zone' using errcode = '22023';
    end;
  end if;
  update public.administrators
    set time_zone = coalesce(nullif(btrim(p_time_zone), ''), time_zone),
        locale = coalesce(case when p_locale in ('ar', 'en') then p_locale end, locale)
    where user_id = (select auth.uid());
end;
$$;
revoke all on function public.set_my_profile(text, text) from public, anon;
grant execute on function public.set_my_profile(text, text) to authenticated;

-- The team list gains markets, absence, zone and language.
drop function public.team_members();
create function public.team_members()
returns table (
  user_id uuid,
  email text,
  role text,
  status text,
  created_at timestamptz,
  accepted_at timestamptz,
  last_sign_in_at timestamptz,
  market_ids text[],
  away boolean,
  time_zone text,
  locale text
)
language sql
stable
security definer
set search_path = ''
as $$
  select a.user_id, u.email::text, a.role,
         case when a.accepted_at is null then 'invited' else 'active' end,
         a.created_at, a.accepted_at, u.last_sign_in_at, a.market_ids, a.away, a.time_zone, a.locale
  from public.administrators a
  join auth.users u on u.id = a.user_id
  where (select public.is_admin())
  order by (a.role = 'owner') desc, lower(u.email);
$$;
revoke all on function public.team_members() from public, anon;
grant execute on function public.team_members() to authenticated, service_role;

-- ------------------------------------------------------------------------------ copy recipients
-- One row: who else receives the team's lead mail. recipients replace SALES_NOTIFY_EMAIL when
-- include_env_default is false, and are added to it when true; copy_assignments also copies them on
-- assignment and overdue mail. No row: SALES_NOTIFY_EMAIL alone.
create function public.valid_email_list(p text[])
returns boolean
language sql
immutable
set search_path = ''
as $$
  select cardinality(p) <= 20
     and not exists (select 1 from unnest(p) e where char_length(e) > 320 or e !~* '^[^\s@,<>]+@[^\s@,<>]+$');
$$;

create table public.sales_notify_settings (
  id boolean primary key default true,
  recipients text[] not null default '{}',
  include_env_default boolean not null default true,
  copy_assignments boolean not null default false,
  updated_at timestamptz not null default now(),
  updated_by uuid references auth.users (id) on delete set null,
  constraint sales_notify_settings_one_row check (id),
  constraint sales_notify_settings_recipients_check check (public.valid_email_list(recipients))
);
alter table public.sales_notify_settings enable row level security;

create function public.sales_notify_settings_touch()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  new.updated_by := (select auth.uid());
  new.recipients := coalesce((select array_agg(distinct lower(btrim(r))) from unnest(new.recipients) r where btrim(r) <> ''), '{}');
  return new;
end;
$$;
create trigger sales_notify_settings_touch
  before insert or update on public.sales_notify_settings
  for each row execute function public.sales_notify_settings_touch();

revoke all on table public.sales_notify_settings from anon, authenticated;
grant select, insert, update on table public.sales_notify_settings to authenticated;
grant all on table public.sales_notify_settings to service_role;

create policy "Owners can read the copy recipients"
  on public.sales_notify_settings for select to authenticated
  using ((select public.has_role('owner')));
create policy "Owners can set the copy recipients"
  on public.sales_notify_settings for insert to authenticated
  with check ((select public.has_role('owner')));
create policy "Owners can change the copy recipients"
  on public.sales_notify_settings for update to authenticated
  using ((select public.has_role('owner')))
  with check ((select public.has_role('owner')));

-- ------------------------------------------------------------------------------ markets of leads
alter table public.leads
  add column market_id text references public.markets (id) on update cascade on delete set null,
  -- The start of the overdue period (status_changed_at) the owner was last emailed about.
  add column overdue_notified_for timestamptz;
create index leads_market_idx on public.leads (market_id);

-- ISO country of a dial code ("+971", "971", "+1 416…"), for the markets the company sells in and their
-- neighbours; anything else is unknown (the default market).
create function public.dial_code_country(p text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case
    when d like '971%' then 'AE' when d like '966%' then 'SA' when d like '974%' then 'QA'
    when d like '965%' then 'KW' when d like '973%' then 'BH' when d like '968%' then 'OM'
    when d like '1%' then 'CA' when d like '44%' then 'GB'
  end
  from (select regexp_replace(regexp_replace(coalesce(p, ''), '\D', '', 'g'), '^00', '') as d) x
  where d <> '';
$$;

-- The market a lead belongs to: its booking's; else the market serving its country (the lead's
-- country_code, the latest submission's countryIso, else its dial code or phone); else the default.
create function public.lead_market(p_lead uuid)
returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_market text;
  v_iso text;
  l jsonb;
begin
  select b.market_id into v_market
  from public.bookings b join public.form_submissions s on s.id = b.submission_id
  where s.lead_id = p_lead
  order by (b.status = 'confirmed') desc, b.created_at desc
  limit 1;
  if v_market is not null then
    return v_market;
  end if;
  select to_jsonb(x) into l from public.leads x where x.id = p_lead;
  v_iso := upper(nullif(btrim(l ->> 'country_code'), ''));
  if v_iso is null then
    select upper(nullif(btrim(s.payload ->> 'countryIso'), '')) into v_iso
    from public.form_submissions s
    where s.lead_id = p_lead and nullif(btrim(s.payload ->> 'countryIso'), '') is not null
    order by s.created_at desc limit 1;
  end if;
  if v_iso is null then
    select public.dial_code_country(coalesce(nullif(btrim(s.payload ->> 'countryCode'), ''), s.payload ->> 'phone')) into v_iso
    from public.form_submissions s
    where s.lead_id = p_lead and coalesce(nullif(btrim(s.payload ->> 'countryCode'), ''), s.payload ->> 'phone') is not null
    order by s.created_at desc limit 1;
  end if;
  if v_iso is not null then
    select m.id into v_market from public.markets m where v_iso = any (m.country_codes) order by m.position, m.id limit 1;
  end if;
  if v_market is null then
    select m.id into v_market from public.markets m where m.is_default;
  end if;
  return v_market;
end;
$$;
revoke all on function public.lead_market(uuid) from public, anon;
grant execute on function public.lead_market(uuid) to authenticated, service_role;

-- ------------------------------------------------------------------------------ round robin
create table public.assignment_cursors (
  market_id text primary key references public.markets (id) on update cascade on delete cascade,
  last_user_id uuid,
  turns bigint not null default 0,
  updated_at timestamptz not null default now()
);
alter table public.assignment_cursors enable row level security;
revoke all on table public.assignment_cursors from anon, authenticated;
grant all on table public.assignment_cursors to service_role;

-- Locks the market's cursor (call first: whoever comes next waits until this transaction ends, then sees
-- what it assigned).
create function public.assignment_lock(p_market text)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_last uuid;
begin
  insert into public.assignment_cursors (market_id) values (p_market) on conflict do nothing;
  select c.last_user_id into v_last from public.assignment_cursors c where c.market_id = p_market for update;
  return v_last;
end;
$$;
revoke all on function public.assignment_lock(text) from public, anon, authenticated;

-- The next candidate after p_last (in user id order, wrapping round), recorded as the market's last turn.
create function public.assignment_take(p_market text, p_last uuid, p_candidates uuid[])
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_next uuid;
begin
  if coalesce(cardinality(p_candidates), 0) = 0 then
    return null;
  end if;
  select c into v_next from unnest(p_candidates) c where p_last is null or c > p_last order by c limit 1;
  if v_next is null then
    select c into v_next from unnest(p_candidates) c order by c limit 1;
  end if;
  update public.assignment_cursors set last_user_id = v_next, turns = turns + 1, updated_at = now()
    where market_id = p_market;
  return v_next;
end;
$$;
revoke all on function public.assignment_take(text, uuid, uuid[]) from public, anon, authenticated;

-- The market's sales people who are not away (null market list: every market).
create function public.market_sellers(p_market text)
returns uuid[]
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(array_agg(a.user_id order by a.user_id), '{}')
  from public.administrators a
  where a.role = 'sales' and not a.away and (a.market_ids is null or p_market = any (a.market_ids));
$$;
revoke all on function public.market_sellers(text) from public, anon, authenticated;

-- Owners, for a market without sales people (those not away; all of them if every owner is away).
create function public.fallback_owners()
returns uuid[]
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    (select array_agg(a.user_id order by a.user_id) from public.administrators a where a.role = 'owner' and not a.away),
    (select array_agg(a.user_id order by a.user_id) from public.administrators a where a.role = 'owner'),
    '{}');
$$;
revoke all on function public.fallback_owners() from public, anon, authenticated;

-- Who gets a new lead of p_market.
create function public.lead_assignee(p_market text)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_last uuid := public.assignment_lock(p_market);
  v_people uuid[] := public.market_sellers(p_market);
begin
  if cardinality(v_people) = 0 then
    v_people := public.fallback_owners();
  end if;
  return public.assignment_take(p_market, v_last, v_people);
end;
$$;
revoke all on function public.lead_assignee(text) from public, anon, authenticated;

-- Who takes a new booking of p_market at p_starts_at: round robin among the market's sales people who
-- are not away and have no confirmed demo overlapping it (in any market); owners when the market has
-- no sales people. Nobody free: the slot is taken (the unique violation the submit path answers 409).
create or replace function public.booking_assignee(p_market text, p_starts_at timestamptz)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_last uuid := public.assignment_lock(p_market);
  v_people uuid[] := public.market_sellers(p_market);
  v_free uuid[];
begin
  if cardinality(v_people) = 0 then
    v_people := public.fallback_owners();
  end if;
  if cardinality(v_people) = 0 then
    return null;
  end if;
  select coalesce(array_agg(p order by p), '{}') into v_free
  from unnest(v_people) p
  where not exists (
    select 1 from public.bookings b
    where b.assignee_id = p and b.status = 'confirmed'
      and b.starts_at < p_starts_at + interval '30 minutes'
      and b.starts_at + make_interval(mins => b.duration_minutes) > p_starts_at
  );
  if cardinality(v_free) = 0 then
    raise exception 'duplicate key value violates unique constraint "bookings_confirmed_slot_key"'
      using errcode = '23505', constraint = 'bookings_confirmed_slot_key',
            detail = 'Nobody in the market is free at this time.';
  end if;
  return public.assignment_take(p_market, v_last, v_free);
end;
$$;
revoke all on function public.booking_assignee(text, timestamptz) from public, anon, authenticated;
grant execute on function public.booking_assignee(text, timestamptz) to service_role;

-- ------------------------------------------------------------------------------ team mail
-- Queues a mail to a team member about a lead (lead_assigned, booking_assigned, lead_overdue), in their
-- language, tied to the lead's latest submission (the worker renders its details and links, and the
-- timeline records it once sent).
create function public.queue_team_mail(p_kind text, p_user uuid, p_lead uuid, p_data jsonb)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_email text;
  v_locale text;
  v_submission uuid;
  v_zone text;
begin
  select u.email::text, coalesce(a.locale, 'ar'), a.time_zone into v_email, v_locale, v_zone
  from public.administrators a join auth.users u on u.id = a.user_id
  where a.user_id = p_user;
  if v_email is null then
    return;
  end if;
  select s.id into v_submission from public.form_submissions s where s.lead_id = p_lead order by s.created_at desc limit 1;
  insert into public.mail_outbox (kind, channel, submission_id, recipient, locale, data)
  values (p_kind, 'email', v_submission, v_email, v_locale,
          coalesce(p_data, '{}'::jsonb) || jsonb_build_object('leadId', p_lead, 'userId', p_user, 'timeZone', v_zone));
end;
$$;
revoke all on function public.queue_team_mail(text, uuid, uuid, jsonb) from public, anon, authenticated;

-- A submission joined to a lead without an owner (a new person, or one from before assignment) gives the
-- lead its market and owner. A newsletter sign-up only sets the market; a booking assigns the lead itself
-- (bookings_record_insert), to the person who takes the demo. Runs when lead_attach_submission records
-- the submission on the timeline ("created" / "submitted"): the submission is linked by then (the market
-- can read its country), and "assigned" follows "created" on the timeline.
create function public.lead_events_assign_lead()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  l public.leads;
  v_form text;
  v_market text;
begin
  select form_type into v_form from public.form_submissions where id = new.submission_id;
  if v_form is null or v_form = 'demo_booking' then
    return null;
  end if;
  select * into l from public.leads where id = new.lead_id;
  if not found or l.owner_id is not null then
    return null;
  end if;
  v_market := coalesce(l.market_id, public.lead_market(l.id));
  if v_form = 'newsletter' then
    update public.leads set market_id = v_market where id = l.id and market_id is null;
  else
    update public.leads set market_id = v_market, owner_id = public.lead_assignee(v_market) where id = l.id;
  end if;
  return null;
end;
$$;
revoke all on function public.lead_events_assign_lead() from public, anon, authenticated;

create trigger lead_events_assign_lead
  after insert on public.lead_events
  for each row when (new.kind in ('created', 'submitted') and new.submission_id is not null)
  execute function public.lead_events_assign_lead();

-- The timeline of a lead's changes: an owner set by the system is "assigned", one set by a member
-- "owner changed". (Replaces the function of 20261124004000_leads_pipeline.sql; status unchanged.)
create or replace function public.leads_record_change()
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
    insert into public.lead_events (lead_id, kind, actor_id, actor_email, from_value, to_value, detail)
    values (new.id, case when actor is null then 'assigned' else 'owner_changed' end, actor, actor_email,
            public.lead_actor_email(old.owner_id), public.lead_actor_email(new.owner_id),
            case when actor is null then nullif(current_setting('wasla.assign_reason', true), '') end);
  end if;
  return null;
end;
$$;

-- Whoever now owns a lead is told (not when they took it themselves; a booking tells them its own way).
create function public.leads_mail_owner()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.owner_id is not null and new.owner_id is distinct from old.owner_id
     and new.owner_id is distinct from (select auth.uid())
     and coalesce(current_setting('wasla.assign_reason', true), '') <> 'booking' then
    perform public.queue_team_mail('lead_assigned', new.owner_id, new.id,
      jsonb_build_object('marketId', new.market_id, 'by', public.lead_actor_email((select auth.uid()))));
  end if;
  return null;
end;
$$;
revoke all on function public.leads_mail_owner() from public, anon, authenticated;

create trigger leads_mail_owner
  after update of owner_id on public.leads
  for each row execute function public.leads_mail_owner();

-- ------------------------------------------------------------------------------ bookings on the timeline
create function public.booking_lead(p_submission uuid)
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select lead_id from public.form_submissions where id = p_submission;
$$;
revoke all on function public.booking_lead(uuid) from public, anon, authenticated;

create function public.bookings_record_insert()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_lead uuid := public.booking_lead(new.submission_id);
  v_owner uuid;
begin
  if v_lead is null then
    return null;
  end if;
  insert into public.lead_events (lead_id, kind, actor_id, actor_email, to_value, detail, submission_id, created_at)
  values (v_lead, 'booking_created', (select auth.uid()), public.lead_actor_email((select auth.uid())),
          new.starts_at::text, new.market_id, new.submission_id, new.created_at);
  select owner_id into v_owner from public.leads where id = v_lead;
  perform set_config('wasla.assign_reason', 'booking', true);
  update public.leads set market_id = new.market_id,
                          owner_id = case when v_owner is null then new.assignee_id else owner_id end
    where id = v_lead;
  perform set_config('wasla.assign_reason', '', true);
  if new.assignee_id is not null then
    perform public.queue_team_mail('booking_assigned', new.assignee_id, v_lead,
      jsonb_build_object('bookingId', new.id, 'startsAt', new.starts_at, 'marketId', new.market_id));
  end if;
  return null;
end;
$$;
revoke all on function public.bookings_record_insert() from public, anon, authenticated;

create trigger bookings_record_insert
  after insert on public.bookings
  for each row execute function public.bookings_record_insert();

-- Moved (from → to, by rescheduled_by), cancelled (by cancelled_by, with the reason), given to someone else.
create function public.bookings_record_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_lead uuid := public.booking_lead(new.submission_id);
  actor uuid;
begin
  if v_lead is null then
    return null;
  end if;
  if new.starts_at is distinct from old.starts_at then
    actor := coalesce(new.rescheduled_by, (select auth.uid()));
    insert into public.lead_events (lead_id, kind, actor_id, actor_email, from_value, to_value, detail, submission_id)
    values (v_lead, 'booking_moved', actor, public.lead_actor_email(actor), old.starts_at::text, new.starts_at::text,
            new.market_id, new.submission_id);
  end if;
  if new.status = 'cancelled' and old.status is distinct from 'cancelled' then
    actor := coalesce(new.cancelled_by, (select auth.uid()));
    insert into public.lead_events (lead_id, kind, actor_id, actor_email, from_value, detail, submission_id)
    values (v_lead, 'booking_cancelled', actor, public.lead_actor_email(actor), new.starts_at::text, new.cancel_reason,
            new.submission_id);
  end if;
  if new.assignee_id is distinct from old.assignee_id then
    actor := (select auth.uid());
    insert into public.lead_events (lead_id, kind, actor_id, actor_email, from_value, to_value, detail, submission_id)
    values (v_lead, 'assigned', actor, public.lead_actor_email(actor), public.lead_actor_email(old.assignee_id),
            public.lead_actor_email(new.assignee_id), 'booking', new.submission_id);
    if new.assignee_id is not null and new.status = 'confirmed' then
      perform public.queue_team_mail('booking_assigned', new.assignee_id, v_lead,
        jsonb_build_object('bookingId', new.id, 'startsAt', new.starts_at, 'marketId', new.market_id));
    end if;
  end if;
  return null;
end;
$$;
revoke all on function public.bookings_record_change() from public, anon, authenticated;

create trigger bookings_record_change
  after update on public.bookings
  for each row execute function public.bookings_record_change();

-- Sent mail on the timeline, by kind: a booking email carries its event (rescheduled, cancelled) in
-- to_value; a sent reminder is "reminded". (Replaces the function of 20261124004000_leads_pipeline.sql.)
create or replace function public.mail_outbox_record_lead_email()
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
      insert into public.lead_events (lead_id, kind, detail, to_value, submission_id, created_at)
      values (v_lead, case when new.kind = 'booking_reminder' then 'booking_reminded' else 'email_sent' end,
              new.kind, nullif(new.data ->> 'event', ''), new.submission_id, coalesce(new.sent_at, now()));
    end if;
  end if;
  return null;
end;
$$;

-- ------------------------------------------------------------------------------ overdue
-- Queues lead_overdue for every owned lead that has been new for 24 hours at p_now and whose owner was
-- not told about this period yet (the period starts at status_changed_at; setting a lead back to new
-- starts another). Returns how many were queued. The mail worker calls it on its clock.
create function public.queue_overdue_mail(p_now timestamptz default now())
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  r record;
  n integer := 0;
begin
  for r in
    select l.id, l.owner_id, l.status_changed_at, l.market_id from public.leads l
    where l.status = 'new' and l.owner_id is not null
      and l.status_changed_at <= p_now - interval '24 hours'
      and l.overdue_notified_for is distinct from l.status_changed_at
    order by l.status_changed_at
    limit 200
    for update skip locked
  loop
    perform public.queue_team_mail('lead_overdue', r.owner_id, r.id,
      jsonb_build_object('marketId', r.market_id, 'dueAt', r.status_changed_at + interval '24 hours'));
    update public.leads set overdue_notified_for = r.status_changed_at where id = r.id;
    n := n + 1;
  end loop;
  return n;
end;
$$;
revoke all on function public.queue_overdue_mail(timestamptz) from public, anon, authenticated;
grant execute on function public.queue_overdue_mail(timestamptz) to service_role;

-- The before-update trigger counts any change as activity only for status and owner: the overdue mark
-- is neither, so it does not reset the lead's clock.

-- ------------------------------------------------------------------------------ agenda
-- The agenda without a range cap: bookings starting in [p_from, p_to), at most 1000 rows.
create or replace function public.booking_agenda(p_from timestamptz, p_to timestamptz)
returns table (
  id uuid,
  submission_id uuid,
  starts_at timestamptz,
  duration_minutes integer,
  status text,
  visitor_time_zone text,
  locale text,
  notes text,
  rescheduled_from timestamptz,
  cancelled_at timestamptz,
  full_name text,
  email text,
  phone text,
  company text,
  page_path text
)
language sql
stable
security invoker
set search_path = ''
as $$
  select b.id, b.submission_id, b.starts_at, b.duration_minutes, b.status, b.visitor_time_zone, b.locale, b.notes,
         b.rescheduled_from, b.cancelled_at,
         s.payload ->> 'fullName', s.payload ->> 'email', s.payload ->> 'phone', s.payload ->> 'company', s.page_path
  from public.bookings b
  join public.form_submissions s on s.id = b.submission_id
  where b.starts_at >= p_from and b.starts_at < p_to
  order by b.starts_at, b.status
  limit 1000;
$$;

-- A page of bookings for the agenda and the lead: any range (either end open), by status
-- ('confirmed', 'cancelled' or null for both), earliest or latest first, at most 200 rows from p_offset.
-- Owners and sales only (nothing for anyone else).
create function public.booking_agenda_page(
  p_from timestamptz default null,
  p_to timestamptz default null,
  p_status text default null,
  p_descending boolean default false,
  p_limit integer default 50,
  p_offset integer default 0,
  p_lead uuid default null
)
returns table (
  id uuid,
  submission_id uuid,
  lead_id uuid,
  market_id text,
  market_time_zone text,
  starts_at timestamptz,
  duration_minutes integer,
  status text,
  visitor_time_zone text,
  locale text,
  notes text,
  rescheduled_from timestamptz,
  rescheduled_at timestamptz,
  rescheduled_by_email text,
  cancelled_at timestamptz,
  cancelled_by_email text,
  cancel_reason text,
  assignee_id uuid,
  assignee_email text,
  full_name text,
  email text,
  phone text,
  company text,
  page_path text,
  created_at timestamptz
)
language sql
stable
security definer
set search_path = ''
as $$
  select b.id, b.submission_id, s.lead_id, b.market_id, m.time_zone, b.starts_at, b.duration_minutes, b.status,
         b.visitor_time_zone, b.locale, b.notes, b.rescheduled_from, b.rescheduled_at, ru.email::text,
         b.cancelled_at, cu.email::text, b.cancel_reason, b.assignee_id, au.email::text,
         s.payload ->> 'fullName', s.payload ->> 'email', s.payload ->> 'phone',
         coalesce(s.payload ->> 'company', s.payload ->> 'companyName'), s.page_path, b.created_at
  from public.bookings b
  join public.form_submissions s on s.id = b.submission_id
  join public.markets m on m.id = b.market_id
  left join auth.users au on au.id = b.assignee_id
  left join auth.users ru on ru.id = b.rescheduled_by
  left join auth.users cu on cu.id = b.cancelled_by
  where (select public.has_role('owner', 'sales'))
    and (p_from is null or b.starts_at >= p_from)
    and (p_to is null or b.starts_at < p_to)
    and (p_status is null or b.status = p_status)
    and (p_lead is null or s.lead_id = p_lead)
  order by case when p_descending then b.starts_at end desc, case when not p_descending then b.starts_at end asc, b.id
  limit least(greatest(coalesce(p_limit, 50), 1), 200)
  offset least(greatest(coalesce(p_offset, 0), 0), 100000);
$$;
revoke all on function public.booking_agenda_page(timestamptz, timestamptz, text, boolean, integer, integer, uuid) from public, anon;
grant execute on function public.booking_agenda_page(timestamptz, timestamptz, text, boolean, integer, integer, uuid) to authenticated, service_role;
