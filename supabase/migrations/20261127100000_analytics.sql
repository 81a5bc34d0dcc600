-- First-party, cookieless analytics (docs/analytics.md).
--
--   analytics_salts       one random salt per day (UTC); a visitor is hash(salt, site, address, user agent),
--                         computed by the server, so no address or user agent is ever stored and yesterday's
--                         visitors cannot be recognised today once yesterday's salt is deleted.
--   analytics_events      raw events (page views and form events), written in batches by the server and kept
--                         for a bounded number of days (ANALYTICS_RAW_DAYS, 30 by default).
--   analytics_daily       traffic roll-ups per day and dimension (total, page, channel, source, campaign,
--                         locale, device): views and unique visitors of that day.
--   analytics_form_daily  form funnel roll-ups per day, form and dimension (total, page, locale, campaign):
--                         views of a page carrying the form, first interactions, submit attempts, stored,
--                         validation errors.
--   analytics_rollup_state  the last raw event already rolled up.
--   analytics_reports     one row per week whose email report was queued (several servers: one queues it).
--
-- Nobody reads raw events, salts, state or reports through the API. Owners and editors read the traffic
-- roll-ups; owners, editors and sales read the form roll-ups (sales sees conversion only). The admin page
-- reads them through public.analytics_traffic / public.analytics_conversion, which check the same roles.

create table public.analytics_salts (
  day date primary key,
  salt text not null check (char_length(salt) between 32 and 128)
);

create table public.analytics_events (
  id bigint generated always as identity primary key,
  at timestamptz not null,
  day date not null,
  kind text not null check (kind in ('view', 'form_start', 'form_submit', 'form_stored', 'form_error')),
  path text not null check (char_length(path) between 1 and 300),
  locale text not null check (locale in ('ar', 'en')),
  visitor text not null check (char_length(visitor) between 16 and 64),
  channel text not null check (channel in ('paid_search', 'organic_search', 'social', 'email', 'whatsapp', 'referral', 'other_campaign', 'direct')),
  source text check (char_length(source) <= 253),
  campaign text check (char_length(campaign) <= 100),
  device text not null check (device in ('mobile', 'tablet', 'desktop')),
  form text check (form in ('sales_lead', 'demo_booking', 'article_booking', 'newsletter')),
  forms text[] check (forms is null or cardinality(forms) <= 4),
  constraint analytics_events_kind_form_check check ((kind = 'view') = (form is null))
);
create index analytics_events_day_idx on public.analytics_events (day);

create table public.analytics_daily (
  day date not null,
  dim text not null check (dim in ('total', 'page', 'channel', 'source', 'campaign', 'locale', 'device')),
  key text not null,
  views bigint not null,
  visitors bigint not null,
  primary key (day, dim, key)
);
create index analytics_daily_dim_day_idx on public.analytics_daily (dim, day);

create table public.analytics_form_daily (
  day date not null,
  form text not null,
  dim text not null check (dim in ('total', 'page', 'locale', 'campaign')),
  key text not null,
  views bigint not null,
  started bigint not null,
  submitted bigint not null,
  stored bigint not null,
  errors bigint not null,
  primary key (day, form, dim, key)
);
create index analytics_form_daily_dim_day_idx on public.analytics_form_daily (dim, day);

create table public.analytics_rollup_state (
  id integer primary key check (id = 1),
  last_event_id bigint not null
);
insert into public.analytics_rollup_state (id, last_event_id) values (1, 0);

create table public.analytics_reports (
  week date primary key,
  queued_at timestamptz not null default now()
);

alter table public.analytics_salts enable row level security;
alter table public.analytics_events enable row level security;
alter table public.analytics_daily enable row level security;
alter table public.analytics_form_daily enable row level security;
alter table public.analytics_rollup_state enable row level security;
alter table public.analytics_reports enable row level security;

revoke all on table public.analytics_salts, public.analytics_events, public.analytics_daily, public.analytics_form_daily,
  public.analytics_rollup_state, public.analytics_reports from anon, authenticated;
grant all on table public.analytics_salts, public.analytics_events, public.analytics_daily, public.analytics_form_daily,
  public.analytics_rollup_state, public.analytics_reports to service_role;
grant select on table public.analytics_daily, public.analytics_form_daily to authenticated;

-- Salts, raw events, the roll-up state and the report log: the server only (service role bypasses RLS).
create policy "Nobody reads salts through the API" on public.analytics_salts for select to authenticated using (false);
create policy "Nobody reads raw events through the API" on public.analytics_events for select to authenticated using (false);
create policy "Nobody reads the roll-up state" on public.analytics_rollup_state for select to authenticated using (false);
create policy "Nobody reads the report log" on public.analytics_reports for select to authenticated using (false);

create policy "Owners and editors read traffic"
  on public.analytics_daily for select to authenticated
  using ((select public.has_role('owner', 'editor')));
create policy "Owners, editors and sales read conversion"
  on public.analytics_form_daily for select to authenticated
  using ((select public.has_role('owner', 'editor', 'sales')));

-- The weekly report is an outbox message like any other.
alter table public.mail_outbox drop constraint mail_outbox_kind_check;
alter table public.mail_outbox add constraint mail_outbox_kind_check check (kind in (
  'sales_notification', 'lead_acknowledgement', 'booking_confirmation', 'newsletter_confirmation', 'lead_webhook',
  'team_invite', 'password_recovery',
  'booking_reminder', 'lead_assigned', 'booking_assigned', 'lead_overdue', 'booking_slot_lost',
  'analytics_report'
));

-- ------------------------------------------------------------------------------------- roll-ups

-- Recomputes one day's roll-ups from its raw events (idempotent). The server's job calls it for every day
-- that received events since the last run, under an advisory lock.
create function public.analytics_rollup_day(p_day date)
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
$$;
revoke all on function public.analytics_rollup_day(date) from public, anon, authenticated;
grant execute on function public.analytics_rollup_day(date) to service_role;

-- ------------------------------------------------------------------------------ the admin's reads

-- A period of at most 400 days, from <= to.
create function public.analytics_check_period(p_from date, p_to date)
returns void
language plpgsql
immutable
set search_path = ''
as $$
begin
  if p_from is null or p_to is null or p_from > p_to or p_to - p_from > 400 then
    raise exception 'invalid period' using errcode = '22023';
  end if;
end;
$$;

-- Traffic over [p_from, p_to]: totals, views and visitors per day, and the top keys of each dimension.
-- Visitors are counted per day (the salt changes every day), so a period's visitors are the sum of its days'.
create function public.analytics_traffic(p_from date, p_to date, p_top integer default 10)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  result jsonb;
begin
  if not public.has_role('owner', 'editor') then
    raise exception 'only owners and editors read traffic' using errcode = '42501';
  end if;
  perform public.analytics_check_period(p_from, p_to);
  with rows as (
    select dim, key, day, views, visitors from public.analytics_daily where day between p_from and p_to
  ),
  ranked as (
    select dim, key, sum(views)::bigint as views, sum(visitors)::bigint as visitors,
           row_number() over (partition by dim order by sum(views) desc, key) as n
      from rows where dim <> 'total' group by dim, key
  )
  select jsonb_build_object(
    'views', coalesce((select sum(views) from rows where dim = 'total'), 0),
    'visitors', coalesce((select sum(visitors) from rows where dim = 'total'), 0),
    'daily', coalesce((select jsonb_agg(jsonb_build_object('day', day, 'views', views, 'visitors', visitors) order by day)
                         from rows where dim = 'total'), '[]'::jsonb),
    'breakdowns', coalesce((select jsonb_object_agg(dim, items) from (
                    select dim, jsonb_agg(jsonb_build_object('key', key, 'views', views, 'visitors', visitors) order by n) as items
                      from ranked where n <= greatest(1, least(p_top, 50)) group by dim) b), '{}'::jsonb)
  ) into result;
  return result;
end;
$$;
revoke all on function public.analytics_traffic(date, date, integer) from public, anon;
grant execute on function public.analytics_traffic(date, date, integer) to authenticated, service_role;

-- Conversion over [p_from, p_to]: the funnel of each form, and each form's views and stored submissions by
-- page, language and campaign.
create function public.analytics_conversion(p_from date, p_to date, p_top integer default 10)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  result jsonb;
begin
  if not public.has_role('owner', 'editor', 'sales') then
    raise exception 'only the team reads conversion' using errcode = '42501';
  end if;
  perform public.analytics_check_period(p_from, p_to);
  with sums as (
    select form, dim, key, sum(views)::bigint as views, sum(started)::bigint as started, sum(submitted)::bigint as submitted,
           sum(stored)::bigint as stored, sum(errors)::bigint as errors
      from public.analytics_form_daily where day between p_from and p_to
     group by form, dim, key
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
revoke all on function public.analytics_conversion(date, date, integer) from public, anon;
grant execute on function public.analytics_conversion(date, date, integer) to authenticated, service_role;
