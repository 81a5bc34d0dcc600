-- Coarser analytics roll-ups, so that the admin's reads of a long period group a few pieces per key instead of
-- one row per day and key (docs/analytics.md, "The analytics page over 10 million stored events").
--
--   analytics_blocks       the traffic roll-ups (analytics_daily) summed over aligned blocks of days: ISO weeks
--                          (days = 7, day = the Monday) and blocks of four weeks (days = 28, day = a Monday
--                          28·n days after Monday 2000-01-03). A four-week block is exactly four weeks.
--   analytics_form_blocks  the same for the form roll-ups (analytics_form_daily).
--
-- Visitors are counted per day (the salt changes every day), so a block's visitors are the sum of its days',
-- like a period's: every sum here is exact. public.analytics_rollup_day recomputes the week and the
-- four-week block of the day it rolls up (from the week's days, then from the block's four weeks), so the
-- blocks always equal the sums of their days. The two reads take whole four-week blocks inside the period,
-- then whole weeks inside it outside those blocks, then the remaining days at its ends (at most six at each
-- end): a 90-day period is 2 blocks, 4 weeks and 6 days, or 3 blocks and 6 days (9 to 12 pieces per key
-- instead of 90), whatever the traffic. The top keys are ranked on the sums over the whole period.

create table public.analytics_blocks (
  days integer not null check (days in (7, 28)),
  day date not null check (extract(isodow from day) = 1 and (day - date '2000-01-03') % days = 0),
  dim text not null check (dim in ('total', 'page', 'channel', 'source', 'campaign', 'locale', 'device')),
  key text not null,
  views bigint not null,
  visitors bigint not null,
  primary key (days, day, dim, key)
);

create table public.analytics_form_blocks (
  days integer not null check (days in (7, 28)),
  day date not null check (extract(isodow from day) = 1 and (day - date '2000-01-03') % days = 0),
  form text not null,
  dim text not null check (dim in ('total', 'page', 'locale', 'campaign')),
  key text not null,
  views bigint not null,
  started bigint not null,
  submitted bigint not null,
  stored bigint not null,
  errors bigint not null,
  primary key (days, day, form, dim, key)
);

alter table public.analytics_blocks enable row level security;
alter table public.analytics_form_blocks enable row level security;
revoke all on table public.analytics_blocks, public.analytics_form_blocks from anon, authenticated;
grant all on table public.analytics_blocks, public.analytics_form_blocks to service_role;
grant select on table public.analytics_blocks, public.analytics_form_blocks to authenticated;

create policy "Owners and editors read traffic"
  on public.analytics_blocks for select to authenticated
  using ((select public.has_role('owner', 'editor')));
create policy "Owners, editors and sales read conversion"
  on public.analytics_form_blocks for select to authenticated
  using ((select public.has_role('owner', 'editor', 'sales')));

-- ------------------------------------------------------------------------------------- roll-ups

-- Recomputes the week and the four-week block that contain p_day from that week's daily roll-ups and that
-- block's weeks (idempotent; a few thousand rows).
create function public.analytics_rollup_blocks(p_day date)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_week date := p_day - (extract(isodow from p_day)::integer - 1);
  v_block date := p_day - (((p_day - date '2000-01-03') % 28) + 28) % 28;
begin
  delete from public.analytics_blocks where days = 7 and day = v_week;
  insert into public.analytics_blocks (days, day, dim, key, views, visitors)
  select 7, v_week, dim, key, sum(views), sum(visitors)
    from public.analytics_daily where day between v_week and v_week + 6
   group by dim, key;
  delete from public.analytics_blocks where days = 28 and day = v_block;
  insert into public.analytics_blocks (days, day, dim, key, views, visitors)
  select 28, v_block, dim, key, sum(views), sum(visitors)
    from public.analytics_blocks where days = 7 and day between v_block and v_block + 21
   group by dim, key;

  delete from public.analytics_form_blocks where days = 7 and day = v_week;
  insert into public.analytics_form_blocks (days, day, form, dim, key, views, started, submitted, stored, errors)
  select 7, v_week, form, dim, key, sum(views), sum(started), sum(submitted), sum(stored), sum(errors)
    from public.analytics_form_daily where day between v_week and v_week + 6
   group by form, dim, key;
  delete from public.analytics_form_blocks where days = 28 and day = v_block;
  insert into public.analytics_form_blocks (days, day, form, dim, key, views, started, submitted, stored, errors)
  select 28, v_block, form, dim, key, sum(views), sum(started), sum(submitted), sum(stored), sum(errors)
    from public.analytics_form_blocks where days = 7 and day between v_block and v_block + 21
   group by form, dim, key;
end;
$$;
revoke all on function public.analytics_rollup_blocks(date) from public, anon, authenticated;
grant execute on function public.analytics_rollup_blocks(date) to service_role;

-- The day's roll-ups as before (20261127100000_analytics.sql), then its week's and four-week block's.
create or replace function public.analytics_rollup_day(p_day date)
returns void
language sql
security definer
set search_path = ''
as $$
  delete from public.analytics_daily where day = p_day;
  insert into public.analytics_daily (day, dim, key, views, visitors)
  select p_day, d.dim, d.key, count(*), count(distinct e.visitor)
    from public.analytics_events e
    cross join lateral (values
      ('total', ''), ('page', e.path), ('channel', e.channel), ('source', coalesce(e.source, '')),
      ('campaign', coalesce(e.campaign, '')), ('locale', e.locale), ('device', e.device)
    ) as d (dim, key)
   where e.day = p_day and e.kind = 'view'
   group by d.dim, d.key;

  delete from public.analytics_form_daily where day = p_day;
  insert into public.analytics_form_daily (day, form, dim, key, views, started, submitted, stored, errors)
  select p_day, x.form, d.dim, d.key,
         count(*) filter (where x.kind = 'view'),
         count(*) filter (where x.kind = 'form_start'),
         count(*) filter (where x.kind = 'form_submit'),
         count(*) filter (where x.kind = 'form_stored'),
         count(*) filter (where x.kind = 'form_error')
    from (
      select e.kind, f.form, e.path, e.locale, e.campaign
        from public.analytics_events e cross join lateral unnest(e.forms) as f (form)
       where e.day = p_day and e.kind = 'view'
      union all
      select e.kind, e.form, e.path, e.locale, e.campaign
        from public.analytics_events e
       where e.day = p_day and e.kind <> 'view'
    ) x
    cross join lateral (values ('total', ''), ('page', x.path), ('locale', x.locale), ('campaign', coalesce(x.campaign, ''))) as d (dim, key)
   group by x.form, d.dim, d.key;

  select public.analytics_rollup_blocks(p_day);
$$;

-- Backfill: the weeks of every day already rolled up, then their four-week blocks.
insert into public.analytics_blocks (days, day, dim, key, views, visitors)
select 7, day - (extract(isodow from day)::integer - 1), dim, key, sum(views), sum(visitors)
  from public.analytics_daily group by 2, dim, key;
insert into public.analytics_blocks (days, day, dim, key, views, visitors)
select 28, day - (((day - date '2000-01-03') % 28) + 28) % 28, dim, key, sum(views), sum(visitors)
  from public.analytics_blocks where days = 7 group by 2, dim, key;
insert into public.analytics_form_blocks (days, day, form, dim, key, views, started, submitted, stored, errors)
select 7, day - (extract(isodow from day)::integer - 1), form, dim, key,
       sum(views), sum(started), sum(submitted), sum(stored), sum(errors)
  from public.analytics_form_daily group by 2, form, dim, key;
insert into public.analytics_form_blocks (days, day, form, dim, key, views, started, submitted, stored, errors)
select 28, day - (((day - date '2000-01-03') % 28) + 28) % 28, form, dim, key,
       sum(views), sum(started), sum(submitted), sum(stored), sum(errors)
  from public.analytics_form_blocks where days = 7 group by 2, form, dim, key;

-- ------------------------------------------------------------------------------ the admin's reads

-- The pieces of [p_from, p_to], as ranges of first days (a range whose from > to is empty):
--   [blocks_from, blocks_to]   the four-week blocks inside the period;
--   [weeks_from, before_to]    the weeks inside it before those blocks (all its weeks when there is no block),
--   [after_from, weeks_to]     and after them;
--   [p_from, head_to] and [tail_from, p_to]: the days at both ends that make no whole week (the whole period
--                              when it holds no whole week).
-- Each piece is a range of the primary keys' leading columns, so that even a generic plan reads it alone.
create function public.analytics_period_pieces(p_from date, p_to date,
  out blocks_from date, out blocks_to date, out weeks_from date, out before_to date, out after_from date, out weeks_to date,
  out head_to date, out tail_from date)
language plpgsql
immutable
set search_path = ''
as $$
begin
  blocks_from := p_from + (((date '2000-01-03' - p_from) % 28) + 28) % 28;
  blocks_to := p_to + 1 - (((p_to + 1 - date '2000-01-03') % 28) + 28) % 28 - 28;
  weeks_from := p_from + (8 - extract(isodow from p_from)::integer) % 7;
  weeks_to := p_to - extract(isodow from p_to)::integer % 7 - 6;
  if blocks_from <= blocks_to then
    before_to := blocks_from - 7;
    after_from := blocks_to + 28;
  else
    before_to := weeks_to;
    after_from := weeks_to + 7;
  end if;
  if weeks_from <= weeks_to then
    head_to := weeks_from - 1;
    tail_from := weeks_to + 7;
  else
    head_to := p_to;
    tail_from := p_to + 1;
  end if;
end;
$$;
revoke all on function public.analytics_period_pieces(date, date) from public, anon, authenticated;
grant execute on function public.analytics_period_pieces(date, date) to service_role;

-- Traffic over [p_from, p_to]: totals, views and visitors per day, and the top keys of each dimension (the
-- same figures as summing the period's daily roll-ups, read from four-week blocks, weeks and days).
create or replace function public.analytics_traffic(p_from date, p_to date, p_top integer default 10)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  result jsonb;
  p record;
begin
  if not public.has_role('owner', 'editor') then
    raise exception 'only owners and editors read traffic' using errcode = '42501';
  end if;
  perform public.analytics_check_period(p_from, p_to);
  select * into p from public.analytics_period_pieces(p_from, p_to);
  with daily as (
    select day, views, visitors from public.analytics_daily where dim = 'total' and day between p_from and p_to
  ),
  pieces as (
    select dim, key, views, visitors from public.analytics_blocks
     where days = 28 and day between p.blocks_from and p.blocks_to and dim <> 'total'
    union all
    select dim, key, views, visitors from public.analytics_blocks
     where days = 7 and (day between p.weeks_from and p.before_to or day between p.after_from and p.weeks_to) and dim <> 'total'
    union all
    select dim, key, views, visitors from public.analytics_daily
     where (day between p_from and p.head_to or day between p.tail_from and p_to) and dim <> 'total'
  ),
  ranked as (
    select dim, key, sum(views)::bigint as views, sum(visitors)::bigint as visitors,
           row_number() over (partition by dim order by sum(views) desc, key) as n
      from pieces group by dim, key
  )
  select jsonb_build_object(
    'views', coalesce((select sum(views) from daily), 0),
    'visitors', coalesce((select sum(visitors) from daily), 0),
    'daily', coalesce((select jsonb_agg(jsonb_build_object('day', day, 'views', views, 'visitors', visitors) order by day)
                         from daily), '[]'::jsonb),
    'breakdowns', coalesce((select jsonb_object_agg(dim, items) from (
                    select dim, jsonb_agg(jsonb_build_object('key', key, 'views', views, 'visitors', visitors) order by n) as items
                      from ranked where n <= greatest(1, least(p_top, 50)) group by dim) b), '{}'::jsonb)
  ) into result;
  return result;
end;
$$;

-- Conversion over [p_from, p_to]: the funnel of each form, and each form's views and stored submissions by
-- page, language and campaign (the same figures as summing the period's daily roll-ups).
create or replace function public.analytics_conversion(p_from date, p_to date, p_top integer default 10)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  result jsonb;
  p record;
begin
  if not public.has_role('owner', 'editor', 'sales') then
    raise exception 'only the team reads conversion' using errcode = '42501';
  end if;
  perform public.analytics_check_period(p_from, p_to);
  select * into p from public.analytics_period_pieces(p_from, p_to);
  with pieces as (
    select form, dim, key, views, started, submitted, stored, errors from public.analytics_form_blocks
     where days = 28 and day between p.blocks_from and p.blocks_to
    union all
    select form, dim, key, views, started, submitted, stored, errors from public.analytics_form_blocks
     where days = 7 and (day between p.weeks_from and p.before_to or day between p.after_from and p.weeks_to)
    union all
    select form, dim, key, views, started, submitted, stored, errors from public.analytics_form_daily
     where day between p_from and p.head_to or day between p.tail_from and p_to
  ),
  sums as (
    select form, dim, key, sum(views)::bigint as views, sum(started)::bigint as started, sum(submitted)::bigint as submitted,
           sum(stored)::bigint as stored, sum(errors)::bigint as errors
      from pieces group by form, dim, key
  ),
  ranked as (
    select *, row_number() over (partition by form, dim order by stored desc, views desc, key) as n from sums where dim <> 'total'
  )
  select jsonb_build_object(
    'funnels', coalesce((select jsonb_agg(jsonb_build_object('form', form, 'views', views, 'started', started,
                           'submitted', submitted, 'stored', stored, 'errors', errors) order by form)
                         from sums where dim = 'total'), '[]'::jsonb),
    'breakdowns', coalesce((select jsonb_object_agg(dim, items) from (
                    select dim, jsonb_agg(jsonb_build_object('form', form, 'key', key, 'views', views, 'stored', stored)
                                          order by form, n) as items
                      from ranked where n <= greatest(1, least(p_top, 50)) group by dim) b), '{}'::jsonb)
  ) into result;
  return result;
end;
$$;
