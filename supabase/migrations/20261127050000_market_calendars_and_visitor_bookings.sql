-- Market calendars in force, visitor links and reminders (docs/markets.md, docs/product.md#booking).
--
-- * A booking can only be moved into an open slot of its market: a working day that is not a holiday,
--   inside the hours, on the slot grid, in the future and within the horizon (public.booking_slot_open).
--   Staff (reschedule_booking) and visitors (visitor_reschedule_booking, through the server's signed links)
--   both go through it; visitors also respect the market's minimum notice.
-- * Visitors change or cancel their own booking with a link signed by the server (HMAC over the booking id
--   and its sequence, valid until the start). A link works once: every change bumps the sequence, so the
--   functions below refuse a link made for an older one ('used').
-- * Reminders 24 hours and 1 hour before the start (public.queue_booking_reminders, called by the mail
--   worker with its clock), each sent once, recorded on the booking.

-- Slot lengths of 15 and 45 minutes (markets.slot_minutes) start on the quarter hour.
alter table public.bookings drop constraint bookings_starts_at_check;
alter table public.bookings add constraint bookings_starts_at_check check (
  extract(second from starts_at) = 0 and extract(minute from starts_at)::integer % 15 = 0
);

-- Reminder markers: when each reminder was queued (null: not yet). A move clears them.
alter table public.bookings
  add column reminded_24h_at timestamptz,
  add column reminded_1h_at timestamptz;

-- Whether p_starts_at is an open slot of the market's calendar (ignoring who booked it). p_with_notice: also
-- at least the market's minimum notice after now (visitors); staff may use any future slot.
create function public.booking_slot_open(p_market text, p_starts_at timestamptz, p_with_notice boolean default false)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1
    from public.markets m
    cross join lateral (select (p_starts_at at time zone m.time_zone) as local) l
    cross join lateral (select (extract(hour from l.local) * 60 + extract(minute from l.local))::integer as minute) t
    where m.id = p_market
      and p_starts_at > now() + case when p_with_notice then make_interval(mins => m.min_notice_minutes) else interval '0' end
      and extract(dow from l.local)::smallint = any (m.working_days)
      and not (l.local::date = any (m.holidays))
      and l.local::date <= (now() at time zone m.time_zone)::date + m.horizon_days
      and extract(second from l.local) = 0
      and t.minute >= m.open_minute
      and t.minute + m.slot_minutes <= m.close_minute
      and (t.minute - m.open_minute) % m.slot_minutes = 0
  );
$$;
revoke all on function public.booking_slot_open(text, timestamptz, boolean) from public;
grant execute on function public.booking_slot_open(text, timestamptz, boolean) to anon, authenticated, service_role;

-- Owners and sales: move a confirmed booking to another open slot of its market (free, in the future) and
-- tell the visitor. A taken slot raises the unique violation (23505), which the API answers with 409; a
-- time outside the market's calendar raises 22023.
create or replace function public.reschedule_booking(p_id uuid, p_starts_at timestamptz)
returns public.bookings
language plpgsql
security definer
set search_path = ''
as $$
declare
  b public.bookings;
  previous timestamptz;
  market text;
begin
  if not (select public.has_role('owner', 'sales')) then
    raise exception 'only owners and sales can reschedule bookings' using errcode = '42501';
  end if;
  if p_starts_at <= now() then
    raise exception 'the new time is in the past' using errcode = '22023';
  end if;
  select starts_at, market_id into previous, market from public.bookings where id = p_id and status = 'confirmed' for update;
  if not found then
    raise exception 'no confirmed booking with this id' using errcode = 'P0002';
  end if;
  if previous = p_starts_at then
    raise exception 'the booking is already at this time' using errcode = '22023';
  end if;
  if not public.booking_slot_open(market, p_starts_at) then
    raise exception 'the new time is not an open slot of the booking''s market' using errcode = '22023';
  end if;
  update public.bookings
    set starts_at = p_starts_at, rescheduled_from = previous, rescheduled_at = now(),
        rescheduled_by = (select auth.uid()), sequence = sequence + 1,
        reminded_24h_at = null, reminded_1h_at = null
    where id = p_id
    returning * into b;
  perform public.booking_notify(b, 'rescheduled', previous);
  return b;
end;
$$;

-- The visitor's own link (the server checked its signature): cancel the booking. Answers 'cancelled' when
-- done, 'used' when the link was made for an older version of the booking, 'gone' when it is already
-- cancelled or does not exist, 'past' once it has started.
create function public.visitor_cancel_booking(p_id uuid, p_sequence integer)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  b public.bookings;
begin
  select * into b from public.bookings where id = p_id for update;
  if not found or b.status <> 'confirmed' then
    return 'gone';
  end if;
  if b.sequence <> p_sequence then
    return 'used';
  end if;
  if b.starts_at <= now() then
    return 'past';
  end if;
  update public.bookings
    set status = 'cancelled', cancelled_at = now(), cancelled_by = null, cancel_reason = 'Cancelled by the visitor',
        sequence = sequence + 1
    where id = p_id
    returning * into b;
  perform public.booking_notify(b, 'cancelled', null);
  return 'cancelled';
end;
$$;
revoke all on function public.visitor_cancel_booking(uuid, integer) from public, anon, authenticated;
grant execute on function public.visitor_cancel_booking(uuid, integer) to service_role;

-- The visitor's own link: move the booking to another open slot of its market, with the minimum notice.
-- 'rescheduled', 'used', 'gone', 'past', 'closed' (not an open slot) or 'taken' (someone holds it).
create function public.visitor_reschedule_booking(p_id uuid, p_sequence integer, p_starts_at timestamptz)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  b public.bookings;
  previous timestamptz;
begin
  select * into b from public.bookings where id = p_id for update;
  if not found or b.status <> 'confirmed' then
    return 'gone';
  end if;
  if b.sequence <> p_sequence then
    return 'used';
  end if;
  if b.starts_at <= now() then
    return 'past';
  end if;
  if b.starts_at = p_starts_at or not public.booking_slot_open(b.market_id, p_starts_at, true) then
    return 'closed';
  end if;
  previous := b.starts_at;
  begin
    update public.bookings
      set starts_at = p_starts_at, rescheduled_from = previous, rescheduled_at = now(), rescheduled_by = null,
          sequence = sequence + 1, reminded_24h_at = null, reminded_1h_at = null
      where id = p_id
      returning * into b;
  exception when unique_violation then
    return 'taken';
  end;
  perform public.booking_notify(b, 'rescheduled', previous);
  return 'rescheduled';
end;
$$;
revoke all on function public.visitor_reschedule_booking(uuid, integer, timestamptz) from public, anon, authenticated;
grant execute on function public.visitor_reschedule_booking(uuid, integer, timestamptz) to service_role;

-- Queues the reminders due at p_now (the mail worker's clock): 24 hours and 1 hour before the start, to the
-- visitor (their language) and to the booking's assignee if any. Each once per booking time (a move clears
-- the markers). A reminder whose moment had already passed when the booking was made or moved is skipped
-- (booked 5 hours ahead: no 24-hour reminder), as is one whose window is over (the 1-hour reminder is due).
-- Returns how many messages were queued.
create function public.queue_booking_reminders(p_now timestamptz)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  b record;
  queued integer := 0;
  which text;
  staff text;
begin
  for b in
    select bk.*, s.payload ->> 'email' as visitor_email, m.time_zone as market_zone
    from public.bookings bk
    join public.form_submissions s on s.id = bk.submission_id
    join public.markets m on m.id = bk.market_id
    where bk.status = 'confirmed' and bk.starts_at > p_now and bk.starts_at <= p_now + interval '24 hours'
      and (bk.reminded_24h_at is null or bk.reminded_1h_at is null)
    order by bk.starts_at
    for update of bk skip locked
  loop
    which := null;
    if b.reminded_1h_at is null and b.starts_at - p_now <= interval '1 hour'
       and coalesce(b.rescheduled_at, b.created_at) <= b.starts_at - interval '1 hour' then
      which := '1h';
      update public.bookings set reminded_1h_at = p_now, reminded_24h_at = coalesce(reminded_24h_at, p_now) where id = b.id;
    elsif b.reminded_24h_at is null and b.starts_at - p_now > interval '1 hour'
       and coalesce(b.rescheduled_at, b.created_at) <= b.starts_at - interval '24 hours' then
      which := '24h';
      update public.bookings set reminded_24h_at = p_now where id = b.id;
    end if;
    if which is null then
      continue;
    end if;
    if nullif(btrim(b.visitor_email), '') is not null then
      insert into public.mail_outbox (kind, channel, submission_id, recipient, locale, data)
      values ('booking_reminder', 'email', b.submission_id, btrim(b.visitor_email), b.locale,
              jsonb_build_object('bookingId', b.id, 'startsAt', b.starts_at, 'window', which, 'audience', 'visitor',
                                 'sequence', b.sequence, 'market', b.market_id, 'marketTimeZone', b.market_zone));
      queued := queued + 1;
    end if;
    if b.assignee_id is not null then
      select u.email into staff from auth.users u where u.id = b.assignee_id;
      if nullif(btrim(staff), '') is not null then
        insert into public.mail_outbox (kind, channel, submission_id, recipient, locale, data)
        values ('booking_reminder', 'email', b.submission_id, staff, 'en',
                jsonb_build_object('bookingId', b.id, 'startsAt', b.starts_at, 'window', which, 'audience', 'assignee',
                                   'sequence', b.sequence, 'market', b.market_id, 'marketTimeZone', b.market_zone));
        queued := queued + 1;
      end if;
    end if;
  end loop;
  return queued;
end;
$$;
revoke all on function public.queue_booking_reminders(timestamptz) from public, anon, authenticated;
grant execute on function public.queue_booking_reminders(timestamptz) to service_role;
