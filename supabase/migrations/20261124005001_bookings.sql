-- Demo bookings that cannot collide (docs/product.md#booking).
--
-- A demo booking is still a form_submissions row (the lead, with everything the visitor typed); its slot
-- lives here, one row per booking, linked to that submission. Two confirmed bookings can never share a
-- start: a partial unique index decides races inside the database, so the second of two concurrent
-- visitors gets a unique violation (the submit-form function answers 409 with the next free slots).
-- Slots are chosen on the business clock by the application (src/lib/booking/availability.ts); the
-- database stores the instant.
--
-- Access: owners and sales read and annotate bookings; cancelling and rescheduling go through the
-- functions below, which also tell the visitor by email (the mail outbox). Visitors see only busy
-- instants (public.booking_busy), never who booked them.

create table public.bookings (
  id uuid primary key default gen_random_uuid(),
  submission_id uuid not null references public.form_submissions (id) on delete cascade,
  starts_at timestamptz not null,
  duration_minutes integer not null default 30,
  status text not null default 'confirmed',
  -- The visitor's own zone and language, copied from the submission for the agenda and the emails.
  visitor_time_zone text,
  locale text not null default 'ar',
  notes text,
  -- Bumped on every change the visitor is told about (the .ics SEQUENCE).
  sequence integer not null default 0,
  rescheduled_from timestamptz,
  rescheduled_at timestamptz,
  rescheduled_by uuid references auth.users (id) on delete set null,
  cancelled_at timestamptz,
  cancelled_by uuid references auth.users (id) on delete set null,
  cancel_reason text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint bookings_status_check check (status in ('confirmed', 'cancelled')),
  constraint bookings_duration_check check (duration_minutes between 15 and 240),
  constraint bookings_locale_check check (locale in ('ar', 'en')),
  constraint bookings_visitor_time_zone_check check (visitor_time_zone is null or char_length(visitor_time_zone) <= 64),
  constraint bookings_notes_check check (notes is null or char_length(notes) <= 2000),
  constraint bookings_cancel_reason_check check (cancel_reason is null or char_length(cancel_reason) <= 500),
  -- Slots start on the half hour.
  constraint bookings_starts_at_check check (
    extract(second from starts_at) = 0 and extract(minute from starts_at)::integer % 30 = 0
  ),
  constraint bookings_cancelled_check check ((status = 'cancelled') = (cancelled_at is not null))
);
alter table public.bookings enable row level security;

-- The rule the whole feature rests on: one confirmed booking per slot start.
create unique index bookings_confirmed_slot_key on public.bookings (starts_at) where status = 'confirmed';
-- A submission has at most one live booking.
create unique index bookings_confirmed_submission_key on public.bookings (submission_id) where status = 'confirmed';
create index bookings_starts_at_idx on public.bookings (starts_at);

create trigger bookings_set_updated_at
  before update on public.bookings
  for each row execute function public.set_updated_at();

revoke all on table public.bookings from anon, authenticated;
grant select on table public.bookings to authenticated;
grant update (notes) on table public.bookings to authenticated;
grant all on table public.bookings to service_role;

create policy "Owners and sales can read bookings"
  on public.bookings for select to authenticated
  using ((select public.has_role('owner', 'sales')));

create policy "Owners and sales can annotate bookings"
  on public.bookings for update to authenticated
  using ((select public.has_role('owner', 'sales')))
  with check ((select public.has_role('owner', 'sales')));

-- Stores a demo booking: the submission and its slot in one transaction. A retry of the same submission
-- (same submission_id) is answered 'replayed' and books nothing. A slot already taken raises the unique
-- violation of bookings_confirmed_slot_key (SQLSTATE 23505) and nothing is stored.
create function public.book_demo(
  p_submission_id uuid,
  p_payload jsonb,
  p_page_path text,
  p_locale text,
  p_time_zone text,
  p_user_agent text,
  p_client_ip inet,
  p_starts_at timestamptz
)
returns text
language plpgsql
security invoker
set search_path = ''
as $$
declare
  new_id uuid;
begin
  insert into public.form_submissions
    (submission_id, form_type, payload, page_path, locale, time_zone, user_agent, client_ip)
  values (p_submission_id, 'demo_booking', p_payload, p_page_path, p_locale, p_time_zone, p_user_agent, p_client_ip)
  on conflict do nothing
  returning id into new_id;
  if new_id is null then
    return 'replayed';
  end if;
  insert into public.bookings (submission_id, starts_at, visitor_time_zone, locale)
  values (new_id, p_starts_at, p_time_zone, coalesce(p_locale, 'ar'));
  return 'created';
end;
$$;
revoke all on function public.book_demo(uuid, jsonb, text, text, text, text, inet, timestamptz) from public, anon, authenticated;
grant execute on function public.book_demo(uuid, jsonb, text, text, text, text, inet, timestamptz) to service_role;

-- Free/busy for the booking forms: the start of every confirmed booking in [p_from, p_to), at most
-- 62 days at once. Nothing else about a booking leaves the database this way.
create function public.booking_busy(p_from timestamptz, p_to timestamptz)
returns setof timestamptz
language sql
stable
security definer
set search_path = ''
as $$
  select b.starts_at from public.bookings b
  where b.status = 'confirmed' and b.starts_at >= p_from and b.starts_at < p_to
    and p_to - p_from <= interval '62 days'
  order by b.starts_at;
$$;
revoke all on function public.booking_busy(timestamptz, timestamptz) from public;
grant execute on function public.booking_busy(timestamptz, timestamptz) to anon, authenticated, service_role;

-- The agenda: bookings starting in [p_from, p_to) with who booked them. Security invoker: the policies
-- on bookings and form_submissions apply, so only owners and sales see anything.
create function public.booking_agenda(p_from timestamptz, p_to timestamptz)
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
  where b.starts_at >= p_from and b.starts_at < p_to and p_to - p_from <= interval '62 days'
  order by b.starts_at, b.status;
$$;
revoke all on function public.booking_agenda(timestamptz, timestamptz) from public, anon;
grant execute on function public.booking_agenda(timestamptz, timestamptz) to authenticated, service_role;

-- Queues the visitor's email about a change (rendered by the mail worker in the visitor's language,
-- with an updated invitation: same UID, higher SEQUENCE, METHOD:CANCEL for a cancellation).
create function public.booking_notify(b public.bookings, p_event text, p_previous timestamptz)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  visitor text;
begin
  select nullif(btrim(s.payload ->> 'email'), '') into visitor from public.form_submissions s where s.id = b.submission_id;
  if visitor is null then
    return;
  end if;
  insert into public.mail_outbox (kind, channel, submission_id, recipient, locale, data)
  values ('booking_confirmation', 'email', b.submission_id, visitor, b.locale,
          jsonb_build_object('event', p_event, 'bookingId', b.id, 'startsAt', b.starts_at,
                             'previousStartsAt', p_previous, 'sequence', b.sequence));
end;
$$;
revoke all on function public.booking_notify(public.bookings, text, timestamptz) from public, anon, authenticated;

-- Owners and sales: cancel a confirmed booking (its slot is free again) and tell the visitor.
create function public.cancel_booking(p_id uuid, p_reason text default null)
returns public.bookings
language plpgsql
security definer
set search_path = ''
as $$
declare
  b public.bookings;
begin
  if not (select public.has_role('owner', 'sales')) then
    raise exception 'only owners and sales can cancel bookings' using errcode = '42501';
  end if;
  update public.bookings
    set status = 'cancelled', cancelled_at = now(), cancelled_by = (select auth.uid()),
        cancel_reason = nullif(btrim(left(p_reason, 500)), ''), sequence = sequence + 1
    where id = p_id and status = 'confirmed'
    returning * into b;
  if not found then
    raise exception 'no confirmed booking with this id' using errcode = 'P0002';
  end if;
  perform public.booking_notify(b, 'cancelled', null);
  return b;
end;
$$;
revoke all on function public.cancel_booking(uuid, text) from public, anon;
grant execute on function public.cancel_booking(uuid, text) to authenticated;

-- Owners and sales: move a confirmed booking to another slot (it must be free and in the future) and
-- tell the visitor. A taken slot raises the unique violation (23505), which the API answers with 409.
create function public.reschedule_booking(p_id uuid, p_starts_at timestamptz)
returns public.bookings
language plpgsql
security definer
set search_path = ''
as $$
declare
  b public.bookings;
  previous timestamptz;
begin
  if not (select public.has_role('owner', 'sales')) then
    raise exception 'only owners and sales can reschedule bookings' using errcode = '42501';
  end if;
  if p_starts_at <= now() then
    raise exception 'the new time is in the past' using errcode = '22023';
  end if;
  select starts_at into previous from public.bookings where id = p_id and status = 'confirmed' for update;
  if not found then
    raise exception 'no confirmed booking with this id' using errcode = 'P0002';
  end if;
  if previous = p_starts_at then
    raise exception 'the booking is already at this time' using errcode = '22023';
  end if;
  update public.bookings
    set starts_at = p_starts_at, rescheduled_from = previous, rescheduled_at = now(),
        rescheduled_by = (select auth.uid()), sequence = sequence + 1
    where id = p_id
    returning * into b;
  perform public.booking_notify(b, 'rescheduled', previous);
  return b;
end;
$$;
revoke all on function public.reschedule_booking(uuid, timestamptz) from public, anon;
grant execute on function public.reschedule_booking(uuid, timestamptz) to authenticated;
