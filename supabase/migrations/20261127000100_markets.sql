-- Markets (docs/markets.md): the company sells in the UAE and in Canada, each with its own booking calendar.
-- A market is configuration, not code: a third one is a row. Its calendar (zone, working days, hours, slot
-- length, minimum notice, how far ahead, holidays) is public information, read by the booking forms; only
-- owners change it.
--
-- Bookings now belong to a market and, once the team has people in it, to a salesperson. One confirmed
-- booking per market, salesperson and start: two visitors can book 10:00 Toronto when two people sell in
-- Canada, never the same person twice. public.booking_assignee decides who takes a new booking (null:
-- nobody in particular; the market's single calendar).

create table public.markets (
  id text primary key,
  name_en text not null,
  name_ar text not null,
  time_zone text not null,
  -- Days of the week demos happen on (0 = Sunday … 6 = Saturday).
  working_days smallint[] not null default '{1,2,3,4,5}',
  -- Minutes after midnight on the market's clock: the first slot's start, the end of the last slot.
  open_minute integer not null default 540,
  close_minute integer not null default 1050,
  slot_minutes integer not null default 30,
  -- The earliest slot a visitor may take is this long after now.
  min_notice_minutes integer not null default 120,
  -- How far ahead a visitor may book.
  horizon_days integer not null default 365,
  -- Days without demos, on the market's clock.
  holidays date[] not null default '{}',
  -- ISO 3166-1 alpha-2 codes of the countries this market serves (a visitor's country or dial code picks it).
  country_codes text[] not null default '{}',
  -- The market a visitor gets when nothing else says which (exactly one).
  is_default boolean not null default false,
  position integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint markets_id_check check (id ~ '^[a-z][a-z0-9-]{1,31}$'),
  constraint markets_names_check check (char_length(btrim(name_en)) between 1 and 80 and char_length(btrim(name_ar)) between 1 and 80),
  constraint markets_time_zone_check check (char_length(time_zone) between 1 and 64),
  constraint markets_working_days_check check (working_days <@ '{0,1,2,3,4,5,6}'::smallint[] and cardinality(working_days) between 1 and 7),
  constraint markets_hours_check check (open_minute >= 0 and close_minute <= 1440 and open_minute + slot_minutes <= close_minute),
  constraint markets_slot_minutes_check check (slot_minutes in (15, 30, 45, 60)),
  constraint markets_min_notice_check check (min_notice_minutes between 0 and 10080),
  constraint markets_horizon_check check (horizon_days between 1 and 730),
  constraint markets_holidays_check check (cardinality(holidays) <= 400),
  constraint markets_country_codes_check check (cardinality(country_codes) <= 300 and array_to_string(country_codes, ',') ~ '^([A-Z]{2}(,[A-Z]{2})*)?$')
);
alter table public.markets enable row level security;
create unique index markets_one_default_key on public.markets (is_default) where is_default;

create trigger markets_set_updated_at
  before update on public.markets
  for each row execute function public.set_updated_at();

insert into public.markets (id, name_en, name_ar, time_zone, country_codes, is_default, position) values
  ('uae', 'UAE', 'الإمارات', 'Asia/Dubai', '{AE,SA,QA,KW,BH,OM}', true, 1),
  ('canada', 'Canada', 'كندا', 'America/Toronto', '{CA}', false, 2);

revoke all on table public.markets from anon, authenticated;
grant select on table public.markets to anon, authenticated;
grant insert, update, delete on table public.markets to authenticated;
grant all on table public.markets to service_role;

create policy "Anyone can read the markets' booking calendars"
  on public.markets for select to anon, authenticated
  using (true);

create policy "Owners can add markets"
  on public.markets for insert to authenticated
  with check ((select public.has_role('owner')));

create policy "Owners can change markets"
  on public.markets for update to authenticated
  using ((select public.has_role('owner')))
  with check ((select public.has_role('owner')));

create policy "Owners can remove markets"
  on public.markets for delete to authenticated
  using ((select public.has_role('owner')));

-- ------------------------------------------------------------------------------ bookings per market
alter table public.bookings
  add column market_id text not null default 'uae' references public.markets (id) on update cascade,
  add column assignee_id uuid references public.administrators (user_id) on delete set null;

drop index public.bookings_confirmed_slot_key;
create unique index bookings_confirmed_slot_key on public.bookings (market_id, assignee_id, starts_at) nulls not distinct
  where status = 'confirmed';
create index bookings_assignee_idx on public.bookings (assignee_id, starts_at);

-- Who takes a new booking of p_market at p_starts_at (null: the market's one calendar). Replaced by the
-- assignment rules (round robin among the market's sales people who are free then).
create function public.booking_assignee(p_market text, p_starts_at timestamptz)
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select null::uuid;
$$;
revoke all on function public.booking_assignee(text, timestamptz) from public, anon, authenticated;
grant execute on function public.booking_assignee(text, timestamptz) to service_role;

-- book_demo now takes the market. The old signature goes: the server and the Edge Function call this one.
drop function public.book_demo(uuid, jsonb, text, text, text, text, inet, timestamptz);
create function public.book_demo(
  p_submission_id uuid,
  p_payload jsonb,
  p_page_path text,
  p_locale text,
  p_time_zone text,
  p_user_agent text,
  p_client_ip inet,
  p_starts_at timestamptz,
  p_market text default null
)
returns text
language plpgsql
security invoker
set search_path = ''
as $$
declare
  new_id uuid;
  market text;
begin
  select m.id into market from public.markets m where m.id = p_market;
  if market is null then
    select m.id into market from public.markets m where m.is_default;
  end if;
  insert into public.form_submissions
    (submission_id, form_type, payload, page_path, locale, time_zone, user_agent, client_ip)
  values (p_submission_id, 'demo_booking', p_payload, p_page_path, p_locale, p_time_zone, p_user_agent, p_client_ip)
  on conflict do nothing
  returning id into new_id;
  if new_id is null then
    return 'replayed';
  end if;
  insert into public.bookings (submission_id, starts_at, visitor_time_zone, locale, market_id, assignee_id)
  values (new_id, p_starts_at, p_time_zone, coalesce(p_locale, 'ar'), coalesce(market, 'uae'),
          public.booking_assignee(coalesce(market, 'uae'), p_starts_at));
  return 'created';
end;
$$;
revoke all on function public.book_demo(uuid, jsonb, text, text, text, text, inet, timestamptz, text) from public, anon, authenticated;
grant execute on function public.book_demo(uuid, jsonb, text, text, text, text, inet, timestamptz, text) to service_role;

-- Free/busy per market: a start is busy when every salesperson of the market (or the market's one calendar)
-- is booked then. Until assignment rules exist, a start is busy once booked. p_market null: every market
-- (what the two-argument form answered before markets).
drop function public.booking_busy(timestamptz, timestamptz);
create function public.booking_busy(p_from timestamptz, p_to timestamptz, p_market text default null)
returns setof timestamptz
language sql
stable
security definer
set search_path = ''
as $$
  select distinct b.starts_at from public.bookings b
  where b.status = 'confirmed' and (p_market is null or b.market_id = p_market)
    and b.starts_at >= p_from and b.starts_at < p_to
    and p_to - p_from <= interval '62 days'
  order by b.starts_at;
$$;
revoke all on function public.booking_busy(timestamptz, timestamptz, text) from public;
grant execute on function public.booking_busy(timestamptz, timestamptz, text) to anon, authenticated, service_role;
