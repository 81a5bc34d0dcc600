-- A cheaper incremental roll-up (docs/analytics.md, "What a roll-up costs").
--
-- The run of 20261128100000_analytics_incremental_rollup.sql read the new events three times and expanded
-- each of them into its seven keys before counting, then kept one row per visitor and key of an open day
-- (analytics_day_visitors): with PGlite, 12 to 16 µs of the main thread an event when few visitors send
-- many events, 27 to 40 µs when each sends a few (300,000 events, 40,000 visitors), 85 % of that in the
-- visitor rows. Now:
--
-- - the new events are read once, grouped by everything a count depends on (day, kind, visitor, page,
--   channel, source, campaign, language, device, forms), and the keys are expanded from the groups, each with
--   its number of events: the counts are the same, the work follows the groups, not the events;
-- - an open day keeps one row per visitor with the keys it was counted under (analytics_day_visitor_keys),
--   written only when the visitor brings a key it did not have; a visitor counts under a key when that key
--   enters its row.
--
-- Same figures row for row (tests/conformance/analytics-blocks.test.ts compares the incremental result with
-- the days recomputed whole).

create table public.analytics_day_visitor_keys (
  day date not null,
  visitor text not null,
  -- Each key as 'dim:key' (a dim has no colon; the key is what follows the first one).
  keys text[] not null,
  primary key (day, visitor)
);
alter table public.analytics_day_visitor_keys enable row level security;
revoke all on table public.analytics_day_visitor_keys from anon, authenticated;
grant all on table public.analytics_day_visitor_keys to service_role;
create policy "Nobody reads the visitors of a day" on public.analytics_day_visitor_keys for select to authenticated using (false);

insert into public.analytics_day_visitor_keys (day, visitor, keys)
select day, visitor, array_agg(dim || ':' || key order by dim, key)
  from public.analytics_day_visitors
 group by day, visitor;
drop table public.analytics_day_visitors;

-- Recomputes one day whole from its rolled-up events, its visitors' keys when the day is open, then its week
-- and four-week block. Idempotent. (As in 20261128100000, with the visitors kept one row each.)
create or replace function public.analytics_rollup_day(p_day date)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_below xid8 := (select s.rolled_below from public.analytics_rollup_state s where s.id = 1);
begin
  delete from public.analytics_daily where day = p_day;
  insert into public.analytics_daily (day, dim, key, views, visitors)
  select p_day, d.dim, d.key, count(*), count(distinct e.visitor)
    from public.analytics_events e
    cross join lateral public.analytics_view_keys(e.path, e.channel, e.source, e.campaign, e.locale, e.device) as d
   where e.day = p_day and e.kind = 'view' and e.tx < v_below
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
       where e.day = p_day and e.kind = 'view' and e.tx < v_below
      union all
      select e.kind, e.form, e.path, e.locale, e.campaign
        from public.analytics_events e
       where e.day = p_day and e.kind <> 'view' and e.tx < v_below
    ) x
    cross join lateral public.analytics_form_keys(x.path, x.locale, x.campaign) as d
   group by x.form, d.dim, d.key;

  delete from public.analytics_day_visitor_keys where day = p_day;
  if p_day >= public.analytics_open_from() then
    insert into public.analytics_day_visitor_keys (day, visitor, keys)
    select p_day, e.visitor, array_agg(distinct d.dim || ':' || d.key)
      from public.analytics_events e
      cross join lateral public.analytics_view_keys(e.path, e.channel, e.source, e.campaign, e.locale, e.device) as d
     where e.day = p_day and e.kind = 'view' and e.tx < v_below
     group by e.visitor;
  end if;

  perform public.analytics_rollup_blocks(p_day);
end;
$$;

-- One run of the job: rolls up the events of the transactions that ended since the last run and returns the
-- days they touched. The caller holds the job's advisory lock; the state row is locked as well.
create or replace function public.analytics_rollup_new()
returns setof date
language plpgsql
security definer
set search_path = ''
-- A minute's groups and keys sorted and hashed in memory (13 MB for 90,000 events of 20,000 visitors), not
-- on disk; more spills to disk, so that PGlite's memory does not grow with a burst. Only for this run.
set work_mem = '16MB'
as $$
declare
  v_to xid8 := pg_snapshot_xmin(pg_current_snapshot());
  v_from xid8;
  v_open date := public.analytics_open_from();
  v_days date[];
  v_day date;
begin
  select s.rolled_below into v_from from public.analytics_rollup_state s where s.id = 1 for update;
  if v_to <= v_from then
    return;
  end if;
  update public.analytics_rollup_state set rolled_below = v_to where id = 1;

  -- One statement: every sub-statement sees the tables as they were before it (the visitors' keys included).
  with grouped as materialized (
    select e.day, e.kind, e.visitor, e.path, e.channel, e.source, e.campaign, e.locale, e.device, e.form, e.forms,
           count(*) as n
      from public.analytics_events e
     where e.tx >= v_from and e.tx < v_to
     group by e.day, e.kind, e.visitor, e.path, e.channel, e.source, e.campaign, e.locale, e.device, e.form, e.forms
  ),
  -- Open days: each visitor's keys in this run, and the keys it already had.
  visitor_keys as (
    select v.day, v.visitor, v.keys, k.keys as had
      from (
        select g.day, g.visitor, array_agg(distinct d.dim || ':' || d.key) as keys
          from grouped g
          cross join lateral public.analytics_view_keys(g.path, g.channel, g.source, g.campaign, g.locale, g.device) as d
         where g.day >= v_open and g.kind = 'view'
         group by g.day, g.visitor
      ) v
      left join public.analytics_day_visitor_keys k on k.day = v.day and k.visitor = v.visitor
  ),
  -- A visitor counts under each key it did not have.
  entered as (
    select x.day, split_part(t.k, ':', 1) as dim, substr(t.k, strpos(t.k, ':') + 1) as key, count(*) as n
      from visitor_keys x cross join lateral unnest(x.keys) as t (k)
     where x.had is null or not (t.k = any (x.had))
     group by 1, 2, 3
  ),
  saved as (
    insert into public.analytics_day_visitor_keys as k (day, visitor, keys)
    select x.day, x.visitor, x.keys from visitor_keys x where x.had is null or not (x.keys <@ x.had)
    on conflict (day, visitor) do update
      set keys = k.keys || array(select t.k from unnest(excluded.keys) as t (k) where not (t.k = any (k.keys)))
  ),
  -- The new views per key (the groups summed over visitors first), and the visitors who entered it.
  daily as (
    insert into public.analytics_daily as a (day, dim, key, views, visitors)
    select v.day, v.dim, v.key, v.n, coalesce(s.n, 0)
      from (
        select p.day, d.dim, d.key, sum(p.n)::bigint as n
          from (
            select g.day, g.path, g.channel, g.source, g.campaign, g.locale, g.device, sum(g.n) as n
              from grouped g
             where g.day >= v_open and g.kind = 'view'
             group by g.day, g.path, g.channel, g.source, g.campaign, g.locale, g.device
          ) p
          cross join lateral public.analytics_view_keys(p.path, p.channel, p.source, p.campaign, p.locale, p.device) as d
         group by p.day, d.dim, d.key
      ) v
      left join entered s on s.day = v.day and s.dim = v.dim and s.key = v.key
    on conflict (day, dim, key) do update
      set views = a.views + excluded.views, visitors = a.visitors + excluded.visitors
  ),
  -- Their form events and the views of pages carrying a form: plain counts, added.
  form_events as (
    select x.day, x.kind, x.form, x.path, x.locale, x.campaign, sum(x.n) as n
      from (
        select g.day, g.kind, f.form, g.path, g.locale, g.campaign, g.n
          from grouped g cross join lateral unnest(g.forms) as f (form)
         where g.day >= v_open and g.kind = 'view'
        union all
        select g.day, g.kind, g.form, g.path, g.locale, g.campaign, g.n
          from grouped g
         where g.day >= v_open and g.kind <> 'view'
      ) x
     group by x.day, x.kind, x.form, x.path, x.locale, x.campaign
  ),
  form_daily as (
    insert into public.analytics_form_daily as a (day, form, dim, key, views, started, submitted, stored, errors)
    select x.day, x.form, d.dim, d.key,
           coalesce(sum(x.n) filter (where x.kind = 'view'), 0),
           coalesce(sum(x.n) filter (where x.kind = 'form_start'), 0),
           coalesce(sum(x.n) filter (where x.kind = 'form_submit'), 0),
           coalesce(sum(x.n) filter (where x.kind = 'form_stored'), 0),
           coalesce(sum(x.n) filter (where x.kind = 'form_error'), 0)
      from form_events x
      cross join lateral public.analytics_form_keys(x.path, x.locale, x.campaign) as d
     group by x.day, x.form, d.dim, d.key
    on conflict (day, form, dim, key) do update
      set views = a.views + excluded.views, started = a.started + excluded.started,
          submitted = a.submitted + excluded.submitted, stored = a.stored + excluded.stored,
          errors = a.errors + excluded.errors
  )
  select array_agg(distinct g.day order by g.day) into v_days from grouped g;

  -- Every day touched: an older one recomputed whole (its visitors' keys are gone), then each one's week and block.
  foreach v_day in array coalesce(v_days, '{}')
  loop
    if v_day < v_open then
      perform public.analytics_rollup_day(v_day);
    else
      perform public.analytics_rollup_blocks(v_day);
    end if;
    return next v_day;
  end loop;

  -- A closed day's keys are no longer needed (and its hashes cannot be recomputed: the day's salt is gone).
  delete from public.analytics_day_visitor_keys where day < v_open;
end;
$$;
