-- Free/busy counts people (docs/markets.md): a start of a market is busy for visitors only when nobody who
-- takes that market's demos is free then (the market's sales people not away, or its owners when it has
-- none) — the same rule public.booking_assignee applies when the booking is made. With two people selling in
-- Canada, 10:00 Toronto stays on offer after the first booking and goes after the second. Without a market
-- (p_market null), every start with a confirmed booking, as before.
create or replace function public.booking_busy(p_from timestamptz, p_to timestamptz, p_market text default null)
returns setof timestamptz
language sql
stable
security definer
set search_path = ''
as $$
  with people as (
    select p from unnest(
      case when cardinality(public.market_sellers(p_market)) > 0 then public.market_sellers(p_market)
           else public.fallback_owners() end) p
    where p_market is not null
  ),
  starts as (
    select distinct b.starts_at from public.bookings b
    where b.status = 'confirmed' and (p_market is null or b.market_id = p_market)
      and b.starts_at >= p_from and b.starts_at < p_to
      and p_to - p_from <= interval '62 days'
  )
  select s.starts_at from starts s
  where p_market is null
     or not exists (select 1 from people)
     or not exists (
       select 1 from people
       where not exists (
         select 1 from public.bookings b
         where b.assignee_id = people.p and b.status = 'confirmed'
           and b.starts_at < s.starts_at + interval '30 minutes'
           and b.starts_at + make_interval(mins => b.duration_minutes) > s.starts_at
       )
     )
  order by 1;
$$;
revoke all on function public.booking_busy(timestamptz, timestamptz, text) from public;
grant execute on function public.booking_busy(timestamptz, timestamptz, text) to anon, authenticated, service_role;
