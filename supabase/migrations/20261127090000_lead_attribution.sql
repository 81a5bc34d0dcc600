-- Where each lead came from (docs/attribution.md): the first and the latest touch of the visitor's visit
-- (UTM parameters, which ad-click ids were present, the referring host, the landing page, the channel),
-- recorded in the visitor's tab and sent with the submission. Stored with the submission (and so with
-- its booking), with the lead (the first touch of its first attributed submission, HubSpot's "original
-- source", and the latest touch of its latest one) and with the newsletter subscriber.
--
-- The submit-form function checks the shape (src/lib/attribution/attribution.ts) and computes the
-- channels; the checks here keep the columns honest for any other writer. Nothing here identifies a
-- person: no address, no click id's value, no query string.

create function public.is_touch(p jsonb)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select jsonb_typeof(p) = 'object'
    and p ->> 'channel' in ('paid_search', 'organic_search', 'social', 'email', 'whatsapp', 'referral', 'other_campaign', 'direct')
    and p ->> 'locale' in ('ar', 'en')
    and coalesce(p ->> 'landingPage', '') ~ '^/\S*$'
    and char_length(p ->> 'landingPage') <= 500
    and octet_length(p::text) <= 4096;
$$;

create function public.is_attribution(p jsonb)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select p is null or (jsonb_typeof(p) = 'object' and public.is_touch(p -> 'first') and public.is_touch(p -> 'latest'));
$$;

alter table public.form_submissions
  add column attribution jsonb,
  add constraint form_submissions_attribution_check check (public.is_attribution(attribution));

alter table public.leads
  add column first_touch jsonb,
  add column latest_touch jsonb,
  add constraint leads_first_touch_check check (first_touch is null or public.is_touch(first_touch)),
  add constraint leads_latest_touch_check check (latest_touch is null or public.is_touch(latest_touch));
create index leads_source_channel_idx on public.leads ((first_touch ->> 'channel'), created_at desc);

alter table public.newsletter_subscribers
  add column attribution jsonb,
  add constraint newsletter_subscribers_attribution_check check (public.is_attribution(attribution));

-- The submission's attribution, once (a retry changes nothing), and what follows from it: the lead keeps
-- its first touch and takes this latest one; the subscriber of a newsletter sign-up keeps the first it was
-- given. Called by the submit-form function right after storing the submission (same transaction in the
-- embedded server).
create function public.submission_attribute(p_submission_id uuid, p_attribution jsonb)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  s record;
begin
  if not public.is_attribution(p_attribution) or p_attribution is null then
    raise exception 'attribution must have a first and a latest touch' using errcode = '22023';
  end if;
  update public.form_submissions f set attribution = p_attribution
  where f.submission_id = p_submission_id and f.attribution is null
  returning f.lead_id, f.form_type, f.payload into s;
  if not found then
    return;
  end if;
  if s.lead_id is not null then
    update public.leads l set
      first_touch = coalesce(l.first_touch, p_attribution -> 'first'),
      latest_touch = p_attribution -> 'latest'
    where l.id = s.lead_id;
  end if;
  if s.form_type = 'newsletter' then
    update public.newsletter_subscribers n set attribution = p_attribution
    where lower(n.email) = lower(btrim(s.payload ->> 'email')) and n.attribution is null;
  end if;
end;
$$;
revoke all on function public.submission_attribute(uuid, jsonb) from public, anon, authenticated;
grant execute on function public.submission_attribute(uuid, jsonb) to service_role;

-- --------------------------------------------------------------------------------- the inbox
-- New columns at the end: the original (first) and latest channel and campaign, for filters and the CSV.
create or replace view public.lead_inbox with (security_invoker = true) as
  select l.id, l.full_name, l.email, l.phone, l.phone_digits, l.company, l.country, l.city, l.locale,
         l.status, l.owner_id, l.source_form_type, l.source_page_path, l.form_types, l.submission_count,
         l.created_at, l.status_changed_at, l.last_submission_at, l.last_activity_at,
         (l.status = 'new' and public.lead_kind(l.form_types) = 'lead'
           and l.status_changed_at <= now() - interval '24 hours') as overdue,
         case when l.status = 'new' and public.lead_kind(l.form_types) = 'lead'
              then l.status_changed_at + interval '24 hours' end as due_at,
         l.country_code,
         l.phone_digits_reversed,
         public.lead_kind(l.form_types) as kind,
         l.first_touch,
         l.latest_touch,
         l.first_touch ->> 'channel' as source_channel,
         l.first_touch ->> 'campaign' as source_campaign,
         l.latest_touch ->> 'channel' as latest_channel,
         l.latest_touch ->> 'campaign' as latest_campaign
  from public.leads l;
revoke all on table public.lead_inbox from anon, authenticated;
grant select on table public.lead_inbox to authenticated, service_role;

-- The dashboard gains the leads per original channel (leads only, spam left out; "unknown": sent
-- without script, or before attribution was recorded).
create or replace function public.lead_dashboard(p_since timestamptz)
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select jsonb_build_object(
    'total', (select count(*) from public.leads where created_at >= p_since and public.lead_kind(form_types) = 'lead'),
    'byStatus', coalesce((select jsonb_object_agg(status, n) from (
      select status, count(*) as n from public.leads
      where created_at >= p_since and public.lead_kind(form_types) = 'lead' group by status) s), '{}'::jsonb),
    'byFormType', coalesce((select jsonb_object_agg(t, n) from (
      select t, count(*) as n from public.leads, unnest(form_types) as t
      where created_at >= p_since and status <> 'spam' group by t) f), '{}'::jsonb),
    'byPage', coalesce((select jsonb_agg(jsonb_build_object('path', p, 'count', n) order by n desc, p) from (
      select coalesce(source_page_path, '') as p, count(*) as n from public.leads
      where created_at >= p_since and status <> 'spam' and public.lead_kind(form_types) = 'lead'
      group by 1 order by 2 desc, 1 limit 8) g), '[]'::jsonb),
    'byChannel', coalesce((select jsonb_object_agg(c, n) from (
      select coalesce(first_touch ->> 'channel', 'unknown') as c, count(*) as n from public.leads
      where created_at >= p_since and status <> 'spam' and public.lead_kind(form_types) = 'lead'
      group by 1) ch), '{}'::jsonb),
    'subscribers', (select count(*) from public.leads
      where created_at >= p_since and status <> 'spam' and public.lead_kind(form_types) = 'subscriber'),
    'overdue', (select count(*) from public.lead_inbox where overdue)
  );
$$;
