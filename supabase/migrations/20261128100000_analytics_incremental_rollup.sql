-- Incremental roll-ups (docs/analytics.md, "Roll-ups and retention").
--
-- Until now the job recomputed every day that had received events from all of that day's raw events, every
-- minute: about 35 µs an event of the day with PGlite, so 3.4 s at 100,000 events and 9 s at 250,000, on the
-- thread that also answers the forms and the admin. Now each run adds only the events written since the last
-- run to the counts of today and yesterday, and recomputes a day whole only when an event arrives for an older
-- one (written by hand, or by a buffer that waited past midnight for a day and more).
--
-- Which events are new: each event records the transaction that wrote it (tx). A run takes the oldest
-- transaction still in progress (the xmin of its snapshot) and rolls up exactly the events whose transaction
-- is below it and at or above the previous run's: those transactions have all ended, so none of their events
-- can still appear, whatever order the ids were given in (two servers writing at once commit in any order).
--
-- Visitors are distinct per day and key, so they cannot be added: for the open days the job keeps the set of
-- visitors already counted for each key (analytics_day_visitors, hashes that change every day, deleted once the
-- day is closed), and counts a visitor when it enters the set.

alter table public.analytics_events add column tx xid8 not null default '1';
alter table public.analytics_events alter column tx set default pg_current_xact_id();
create index analytics_events_tx_idx on public.analytics_events (tx);

-- Events of transactions below this are rolled up (the existing ones, tx 1, were by the former job).
alter table public.analytics_rollup_state add column rolled_below xid8 not null default '3';

create table public.analytics_day_visitors (
  day date not null,
  dim text not null,
  key text not null,
  visitor text not null,
  primary key (day, dim, key, visitor)
);
alter table public.analytics_day_visitors enable row level security;
revoke all on table public.analytics_day_visitors from anon, authenticated;
grant all on table public.analytics_day_visitors to service_role;
create policy "Nobody reads the visitors of a day" on public.analytics_day_visitors for select to authenticated using (false);

-- The keys an event counts under, one definition for the whole recomputation and the incremental run (they
-- must agree row for row). Plain SQL with no settings, so the planner inlines them.
create function public.analytics_view_keys(p_path text, p_channel text, p_source text, p_campaign text, p_locale text, p_device text)
returns table (dim text, key text)
language sql
immutable
as $$
  values ('total', ''), ('page', p_path), ('channel', p_channel), ('source', coalesce(p_source, '')),
         ('campaign', coalesce(p_campaign, '')), ('locale', p_locale), ('device', p_device)
$$;
create function public.analytics_form_keys(p_path text, p_locale text, p_campaign text)
returns table (dim text, key text)
language sql
immutable
as $$
  values ('total', ''), ('page', p_path), ('locale', p_locale), ('campaign', coalesce(p_campaign, ''))
$$;
revoke all on function public.analytics_view_keys(text, text, text, text, text, text) from public, anon, authenticated;
revoke all on function public.analytics_form_keys(text, text, text) from public, anon, authenticated;

-- The first day whose counts are still kept up incrementally: yesterday (UTC), for the events written just
-- after midnight.
create function public.analytics_open_from()
returns date
language sql
stable
set search_path = ''
as $$ select (now() at time zone 'utc')::date - 1 $$;
revoke all on function public.analytics_open_from() from public, anon, authenticated;

-- Recomputes one day whole from its rolled-up events (those below rolled_below: the rest are the next run's),
-- its set of visitors when the day is open, then its week and four-week block. Idempotent.
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

  delete from public.analytics_day_visitors where day = p_day;
  if p_day >= public.analytics_open_from() then
    insert into public.analytics_day_visitors (day, dim, key, visitor)
    select distinct p_day, d.dim, d.key, e.visitor
      from public.analytics_events e
      cross join lateral public.analytics_view_keys(e.path, e.channel, e.source, e.campaign, e.locale, e.device) as d
     where e.day = p_day and e.kind = 'view' and e.tx < v_below;
  end if;

  perform public.analytics_rollup_blocks(p_day);
end;
$$;
revoke all on function public.analytics_rollup_day(date) from public, anon, authenticated;
grant execute on function public.analytics_rollup_day(date) to service_role;

-- One run of the job: rolls up the events of the transactions that ended since the last run and returns the
-- days they touched. The caller holds the job's advisory lock; the state row is locked as well.
create function public.analytics_rollup_new()
returns setof date
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_to xid8 := pg_snapshot_xmin(pg_current_snapshot());
  v_from xid8;
  v_open date := public.analytics_open_from();
  v_day date;
begin
  select s.rolled_below into v_from from public.analytics_rollup_state s where s.id = 1 for update;
  if v_to <= v_from then
    return;
  end if;
  update public.analytics_rollup_state set rolled_below = v_to where id = 1;

  -- Open days: the new views added to the counts; a visitor counts when it first enters a key's set.
  with fresh as (
    select e.day, e.visitor, d.dim, d.key
      from public.analytics_events e
      cross join lateral public.analytics_view_keys(e.path, e.channel, e.source, e.campaign, e.locale, e.device) as d
     where e.tx >= v_from and e.tx < v_to and e.day >= v_open and e.kind = 'view'
  ),
  views as (
    select day, dim, key, count(*) as n from fresh group by day, dim, key
  ),
  entered as (
    insert into public.analytics_day_visitors (day, dim, key, visitor)
    select distinct day, dim, key, visitor from fresh
    on conflict do nothing
    returning day, dim, key
  ),
  visitors as (
    select day, dim, key, count(*) as n from entered group by day, dim, key
  )
  insert into public.analytics_daily as a (day, dim, key, views, visitors)
  select v.day, v.dim, v.key, v.n, coalesce(s.n, 0)
    from views v left join visitors s on s.day = v.day and s.dim = v.dim and s.key = v.key
  on conflict (day, dim, key) do update
    set views = a.views + excluded.views, visitors = a.visitors + excluded.visitors;

  -- Their form events and the views of pages carrying a form: plain counts, added.
  insert into public.analytics_form_daily as a (day, form, dim, key, views, started, submitted, stored, errors)
  select x.day, x.form, d.dim, d.key,
         count(*) filter (where x.kind = 'view'),
         count(*) filter (where x.kind = 'form_start'),
         count(*) filter (where x.kind = 'form_submit'),
         count(*) filter (where x.kind = 'form_stored'),
         count(*) filter (where x.kind = 'form_error')
    from (
      select e.day, e.kind, f.form, e.path, e.locale, e.campaign
        from public.analytics_events e cross join lateral unnest(e.forms) as f (form)
       where e.tx >= v_from and e.tx < v_to and e.day >= v_open and e.kind = 'view'
      union all
      select e.day, e.kind, e.form, e.path, e.locale, e.campaign
        from public.analytics_events e
       where e.tx >= v_from and e.tx < v_to and e.day >= v_open and e.kind <> 'view'
    ) x
    cross join lateral public.analytics_form_keys(x.path, x.locale, x.campaign) as d
   group by x.day, x.form, d.dim, d.key
  on conflict (day, form, dim, key) do update
    set views = a.views + excluded.views, started = a.started + excluded.started,
        submitted = a.submitted + excluded.submitted, stored = a.stored + excluded.stored,
        errors = a.errors + excluded.errors;

  -- Every day touched: an older one recomputed whole (its set of visitors is gone), then each one's week and block.
  for v_day in
    select distinct e.day from public.analytics_events e where e.tx >= v_from and e.tx < v_to order by 1
  loop
    if v_day < v_open then
      perform public.analytics_rollup_day(v_day);
    else
      perform public.analytics_rollup_blocks(v_day);
    end if;
    return next v_day;
  end loop;

  -- A closed day's set is no longer needed (and its hashes cannot be recomputed: the day's salt is gone).
  delete from public.analytics_day_visitors where day < v_open;
end;
$$;
revoke all on function public.analytics_rollup_new() from public, anon, authenticated;
grant execute on function public.analytics_rollup_new() to service_role;

-- Events written before this migration that the former job had not rolled up yet: their days recomputed whole
-- (they count as rolled up: tx 1). This also fills the sets of visitors of the open days that have any.
select public.analytics_rollup_day(d.day)
  from (
    select distinct e.day from public.analytics_events e
     where e.id > (select s.last_event_id from public.analytics_rollup_state s where s.id = 1)
        or e.day >= public.analytics_open_from()
  ) d;
update public.analytics_rollup_state set last_event_id = coalesce((select max(id) from public.analytics_events), 0) where id = 1;
