-- Newsletter campaigns (docs/newsletter.md): an owner or editor composes an issue in one language, sends
-- themselves a test, then sends or schedules it to the confirmed subscribers of that language.
--
--   public.newsletter_issues      one row per issue: draft → scheduled → sending → sent (or cancelled).
--   public.newsletter_deliveries  one row per (issue, subscriber), written by one INSERT … SELECT when the
--                                 issue starts sending; the unique key means a restart, a second node or a
--                                 second call never queues anyone twice. The mail worker claims these rows
--                                 with a lease, throttled (NEWSLETTER_RATE_PER_MINUTE), after transactional mail.
--
-- Delivery states: pending → claimed (held by a worker, not yet handed to SMTP) → sending (handed to SMTP)
-- → sent | failed | skipped. A claimed row whose worker died goes back to pending; a row that was being
-- handed to SMTP when its worker died is never sent again (it may have been accepted): it is failed with
-- the reason, so nobody gets an issue twice.
--
-- Who: owners and editors read and write drafts and call the functions below; sales and signed-in
-- strangers see nothing; visitors read only the web version of a sent issue (public.newsletter_web_version).

create table public.newsletter_issues (
  id uuid primary key default gen_random_uuid(),
  language text not null,
  subject text not null,
  preheader text not null default '',
  -- Sanitised HTML (src/lib/sanitize.ts). Sanitised again whenever it is rendered (mail, web version).
  body_html text not null,
  -- What the composer keeps to edit again: its plain-text source (paragraphs, "## " headings, "- " lists,
  -- [links](https://…), **bold**); body_html is made from it and the source post.
  body_text text not null default '',
  source_post_id uuid references public.blog_posts (id) on delete set null,
  status text not null default 'draft',
  scheduled_at timestamptz,
  queued_at timestamptz,
  sent_at timestamptz,
  cancelled_at timestamptz,
  -- How many deliveries were queued (confirmed subscribers of the language when sending started).
  recipients integer not null default 0,
  created_by uuid default auth.uid(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint newsletter_issues_language_check check (language in ('ar', 'en')),
  constraint newsletter_issues_subject_check check (char_length(btrim(subject)) between 1 and 200),
  constraint newsletter_issues_preheader_check check (char_length(preheader) <= 200),
  constraint newsletter_issues_body_check check (char_length(btrim(body_html)) between 1 and 200000),
  constraint newsletter_issues_body_text_check check (char_length(body_text) <= 100000),
  constraint newsletter_issues_status_check check (status in ('draft', 'scheduled', 'sending', 'sent', 'cancelled')),
  constraint newsletter_issues_scheduled_check check (status <> 'scheduled' or scheduled_at is not null)
);
alter table public.newsletter_issues enable row level security;
create index newsletter_issues_created_at_idx on public.newsletter_issues (created_at desc);
create index newsletter_issues_due_idx on public.newsletter_issues (scheduled_at) where status = 'scheduled';

create trigger newsletter_issues_set_updated_at
  before update on public.newsletter_issues
  for each row execute function public.set_updated_at();

create table public.newsletter_deliveries (
  id bigint generated always as identity primary key,
  -- No foreign keys: their per-row checks tripled the time to queue 50,000 deliveries. Rows are written
  -- only by public.newsletter_queue_due from rows that exist, and the triggers below delete them with
  -- their issue or their subscriber (erasing a subscriber, public.erase_personal_data, erases them).
  issue_id uuid not null,
  subscriber_id uuid not null,
  email text not null,
  status text not null default 'pending',
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  locked_until timestamptz,
  -- When a worker took it (the throttle counts these over its window, across every node).
  claimed_at timestamptz,
  sent_at timestamptz,
  last_error text,
  -- The subscriber left while this was the last issue they had received ("unsubscribed after it").
  unsubscribed_at timestamptz,
  -- Subscriber first: the same index finds a subscriber's deliveries (they leave, their data is erased);
  -- a separate index on subscriber_id would be one more index write per queued row.
  constraint newsletter_deliveries_subscriber_issue_key unique (subscriber_id, issue_id),
  constraint newsletter_deliveries_status_check check (status in ('pending', 'claimed', 'sending', 'sent', 'failed', 'skipped')),
  constraint newsletter_deliveries_last_error_check check (last_error is null or char_length(last_error) <= 2000)
);
alter table public.newsletter_deliveries enable row level security;
-- Only what the worker's queries read, and as few index entries as possible written when 50,000 rows are
-- queued (three per row: the key, the unique key, the queue). The queue holds only waiting rows, per issue
-- in the order the worker takes them (it also tells when an issue has nothing left); the leases only rows
-- held by a worker; the throttle only rows claimed at some time (none when queued). A status change is
-- never a HOT update (status is in these predicates), so every index is written again on each change:
-- fewer indexes also make the send faster.
create index newsletter_deliveries_due_idx on public.newsletter_deliveries (issue_id, next_attempt_at, id) where status = 'pending';
create index newsletter_deliveries_held_idx on public.newsletter_deliveries (locked_until) where status in ('claimed', 'sending');
create index newsletter_deliveries_claimed_at_idx on public.newsletter_deliveries (claimed_at) where claimed_at is not null;

-- Deleting an issue (a draft or a cancelled one) or subscribers deletes their deliveries: one statement per
-- deleted batch (transition tables), not one per row.
create function public.newsletter_deliveries_follow_delete()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_table_name = 'newsletter_issues' then
    delete from public.newsletter_deliveries d using gone g where d.issue_id = g.id;
  else
    delete from public.newsletter_deliveries d using gone g where d.subscriber_id = g.id;
  end if;
  return null;
end;
$$;
revoke all on function public.newsletter_deliveries_follow_delete() from public, anon, authenticated;
create trigger newsletter_issues_delete_deliveries
  after delete on public.newsletter_issues
  referencing old table as gone
  for each statement execute function public.newsletter_deliveries_follow_delete();
create trigger newsletter_subscribers_delete_deliveries
  after delete on public.newsletter_subscribers
  referencing old table as gone
  for each statement execute function public.newsletter_deliveries_follow_delete();

revoke all on table public.newsletter_issues, public.newsletter_deliveries from anon, authenticated;
grant select, insert, update, delete on table public.newsletter_issues to authenticated;
grant select on table public.newsletter_deliveries to authenticated;
grant all on table public.newsletter_issues, public.newsletter_deliveries to service_role;

create policy "Owners and editors can read issues"
  on public.newsletter_issues for select to authenticated
  using ((select public.has_role('owner', 'editor')));

create policy "Owners and editors can write drafts"
  on public.newsletter_issues for insert to authenticated
  with check ((select public.has_role('owner', 'editor')) and status = 'draft');

create policy "Owners and editors can edit drafts"
  on public.newsletter_issues for update to authenticated
  using ((select public.has_role('owner', 'editor')) and status = 'draft')
  with check ((select public.has_role('owner', 'editor')) and status = 'draft');

create policy "Owners and editors can delete drafts"
  on public.newsletter_issues for delete to authenticated
  using ((select public.has_role('owner', 'editor')) and status in ('draft', 'cancelled'));

-- Addresses: as readable as the subscriber list (owners; sales read subscribers but not campaigns).
create policy "Owners can read deliveries"
  on public.newsletter_deliveries for select to authenticated
  using ((select public.has_role('owner')));

-- A test message of an issue goes through the transactional outbox, to the member who asked.
alter table public.mail_outbox drop constraint mail_outbox_kind_check;
alter table public.mail_outbox add constraint mail_outbox_kind_check check (kind in (
  'sales_notification', 'lead_acknowledgement', 'booking_confirmation', 'newsletter_confirmation', 'lead_webhook',
  'team_invite', 'password_recovery',
  'booking_reminder', 'lead_assigned', 'booking_assigned', 'lead_overdue', 'booking_slot_lost',
  'analytics_report', 'newsletter_test'
));

-- --------------------------------------------------------------------------------- functions

create function public.newsletter_require_composer()
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not (select public.has_role('owner', 'editor')) then
    raise exception 'only owners and editors can send newsletters' using errcode = '42501';
  end if;
end;
$$;
revoke all on function public.newsletter_require_composer() from public, anon, authenticated;

-- How many confirmed subscribers an issue in this language would reach now (the send dialog says so).
create function public.newsletter_audience(p_language text)
returns integer
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform public.newsletter_require_composer();
  if p_language is null or p_language not in ('ar', 'en') then
    raise exception 'language must be ar or en';
  end if;
  return (select count(*)::int from public.newsletter_subscribers where status = 'confirmed' and locale = p_language);
end;
$$;
revoke all on function public.newsletter_audience(text) from public, anon;
grant execute on function public.newsletter_audience(text) to authenticated, service_role;

-- Send a draft now (p_at null) or at p_at. Answers how many subscribers it would reach now; the
-- deliveries are written when it starts (public.newsletter_queue_due), so late sign-ups are included.
create function public.schedule_newsletter_issue(p_id uuid, p_at timestamptz default null)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  issue public.newsletter_issues;
begin
  perform public.newsletter_require_composer();
  select * into issue from public.newsletter_issues where id = p_id for update;
  if not found then
    raise exception 'no such issue';
  end if;
  if issue.status <> 'draft' then
    raise exception 'only a draft can be sent or scheduled (this issue is %)', issue.status;
  end if;
  if p_at is not null and p_at < now() - interval '1 minute' then
    raise exception 'the time to send is in the past';
  end if;
  if p_at is not null and p_at > now() + interval '1 year' then
    raise exception 'the time to send is more than a year away';
  end if;
  update public.newsletter_issues
    set status = 'scheduled', scheduled_at = coalesce(p_at, now()), cancelled_at = null
    where id = p_id;
  return (select count(*)::int from public.newsletter_subscribers where status = 'confirmed' and locale = issue.language);
end;
$$;
revoke all on function public.schedule_newsletter_issue(uuid, timestamptz) from public, anon;
grant execute on function public.schedule_newsletter_issue(uuid, timestamptz) to authenticated, service_role;

-- A scheduled issue goes back to draft; one that is sending stops (what is not handed to SMTP yet is skipped).
create function public.cancel_newsletter_issue(p_id uuid)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  issue public.newsletter_issues;
begin
  perform public.newsletter_require_composer();
  select * into issue from public.newsletter_issues where id = p_id for update;
  if not found then
    raise exception 'no such issue';
  end if;
  if issue.status = 'scheduled' then
    update public.newsletter_issues set status = 'draft', scheduled_at = null where id = p_id;
    return 'draft';
  elsif issue.status = 'sending' then
    update public.newsletter_deliveries set status = 'skipped', last_error = 'The issue was cancelled', locked_until = null
      where issue_id = p_id and status in ('pending', 'claimed');
    update public.newsletter_issues set status = 'cancelled', cancelled_at = now() where id = p_id;
    return 'cancelled';
  end if;
  raise exception 'only a scheduled or sending issue can be cancelled (this issue is %)', issue.status;
end;
$$;
revoke all on function public.cancel_newsletter_issue(uuid) from public, anon;
grant execute on function public.cancel_newsletter_issue(uuid) to authenticated, service_role;

-- A test of the issue to the signed-in member's own address, in the issue's language, through the outbox.
create function public.send_newsletter_test(p_id uuid)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  issue public.newsletter_issues;
  me text := nullif(btrim((select auth.jwt()) ->> 'email'), '');
  recent integer;
begin
  perform public.newsletter_require_composer();
  select * into issue from public.newsletter_issues where id = p_id;
  if not found then
    raise exception 'no such issue';
  end if;
  if me is null then
    raise exception 'your account has no email address';
  end if;
  select count(*) into recent from public.mail_outbox
    where kind = 'newsletter_test' and lower(recipient) = lower(me) and created_at > now() - interval '10 minutes';
  if recent >= 10 then
    raise exception 'too many tests: wait a few minutes' using errcode = '54000';
  end if;
  insert into public.mail_outbox (kind, channel, recipient, locale, data)
  values ('newsletter_test', 'email', me, issue.language, jsonb_build_object('issueId', issue.id));
  return me;
end;
$$;
revoke all on function public.send_newsletter_test(uuid) from public, anon;
grant execute on function public.send_newsletter_test(uuid) to authenticated, service_role;

-- Figures per issue (the admin's list): queued, sent, failed, waiting, unsubscribed after it.
create function public.newsletter_issue_figures()
returns table (issue_id uuid, recipients integer, sent integer, failed integer, waiting integer, unsubscribed integer)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform public.newsletter_require_composer();
  return query
    select d.issue_id,
           count(*)::int,
           count(*) filter (where d.status = 'sent')::int,
           count(*) filter (where d.status = 'failed')::int,
           count(*) filter (where d.status in ('pending', 'claimed', 'sending'))::int,
           count(d.unsubscribed_at)::int
      from public.newsletter_deliveries d
     group by d.issue_id;
end;
$$;
revoke all on function public.newsletter_issue_figures() from public, anon;
grant execute on function public.newsletter_issue_figures() to authenticated, service_role;

-- The web version: what anyone may read of a sent issue.
create function public.newsletter_web_version(p_id uuid)
returns table (id uuid, language text, subject text, preheader text, body_html text, sent_at timestamptz)
language sql
stable
security definer
set search_path = ''
as $$
  select i.id, i.language, i.subject, i.preheader, i.body_html, i.sent_at
    from public.newsletter_issues i
   where i.id = p_id and i.status = 'sent';
$$;
revoke all on function public.newsletter_web_version(uuid) from public;
grant execute on function public.newsletter_web_version(uuid) to anon, authenticated, service_role;

-- The mail worker (server only): issues due at p_now start sending. Their deliveries are written by one
-- set-based INSERT … SELECT from the confirmed subscribers of the language; the unique key makes a second
-- run a no-op. Issues with nothing left to hand over are marked sent. Answers how many issues started.
create function public.newsletter_queue_due(p_now timestamptz)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  issue record;
  started integer := 0;
  n integer;
begin
  for issue in
    select id, language from public.newsletter_issues
     where status = 'scheduled' and scheduled_at <= p_now
     order by scheduled_at
     for update skip locked
  loop
    insert into public.newsletter_deliveries (issue_id, subscriber_id, email)
    select issue.id, s.id, s.email
      from public.newsletter_subscribers s
     where s.status = 'confirmed' and s.locale = issue.language
    on conflict (subscriber_id, issue_id) do nothing;
    -- Rows written now (none for anyone already queued: an issue put back to scheduled adds nobody).
    get diagnostics n = row_count;
    update public.newsletter_issues set status = 'sending', queued_at = now(), recipients = recipients + n where id = issue.id;
    started := started + 1;
  end loop;

  update public.newsletter_issues i set status = 'sent', sent_at = now()
   where i.status = 'sending'
     and not exists (
       select 1 from public.newsletter_deliveries d where d.issue_id = i.id and d.status = 'pending'
     )
     and not exists (
       select 1 from public.newsletter_deliveries d where d.issue_id = i.id and d.status in ('claimed', 'sending')
     );
  return started;
end;
$$;
revoke all on function public.newsletter_queue_due(timestamptz) from public, anon, authenticated;
grant execute on function public.newsletter_queue_due(timestamptz) to service_role;

-- Someone left the list: the last issue they received counts them as "unsubscribed after it", and nothing
-- still waiting is sent to them.
create function public.newsletter_subscribers_left()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.status = 'unsubscribed' and old.status is distinct from 'unsubscribed' then
    update public.newsletter_deliveries set unsubscribed_at = now()
     where id = (
       select d.id from public.newsletter_deliveries d
        where d.subscriber_id = new.id and d.status = 'sent'
        order by d.sent_at desc nulls last, d.id desc
        limit 1
     );
    update public.newsletter_deliveries set status = 'skipped', last_error = 'The subscriber left'
     where subscriber_id = new.id and status = 'pending';
  end if;
  return null;
end;
$$;
revoke all on function public.newsletter_subscribers_left() from public, anon, authenticated;

create trigger newsletter_subscribers_left
  after update of status on public.newsletter_subscribers
  for each row execute function public.newsletter_subscribers_left();
