-- Mail and webhooks that leave the site, and the newsletter's double opt-in.
--
-- public.mail_outbox is a durable queue: a row is written in the same transaction as the visitor's
-- submission (trigger below), so nothing is lost when mail is not configured, the SMTP server is down
-- or the process is killed. The Node server's mail worker renders each row (subject, text, HTML in
-- the recipient's language), claims due rows (FOR UPDATE SKIP LOCKED, so several web processes can
-- share one database), sends them and records every try in public.mail_attempts (the delivery log).
-- public.newsletter_subscribers holds one row per address: pending until the signed link in the
-- confirmation message is opened, then confirmed; unsubscribed when the visitor leaves.
-- Administrators read all three tables; nobody else (anonymous or signed in) can see or write them.

create table public.mail_outbox (
  id uuid primary key default gen_random_uuid(),
  kind text not null,
  channel text not null default 'email',
  -- The submission that caused it (erasing the submission erases its messages).
  submission_id uuid references public.form_submissions (id) on delete cascade,
  -- An email address (or several, comma-separated, for the sales team). Null: not known yet
  -- (SALES_NOTIFY_EMAIL unset); the worker fills it in once configured.
  recipient text,
  locale text not null default 'ar',
  status text not null default 'pending',
  attempts integer not null default 0,
  max_attempts integer not null default 8,
  next_attempt_at timestamptz not null default now(),
  locked_until timestamptz,
  last_error text,
  subject text,
  text_body text,
  html_body text,
  -- Data for the template that is not in the submission (e.g. the subscriber for newsletter mail).
  data jsonb not null default '{}'::jsonb,
  -- What the server at the other end said last (SMTP response, HTTP status).
  response text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  sent_at timestamptz,
  constraint mail_outbox_kind_check check (kind in (
    'sales_notification', 'lead_acknowledgement', 'booking_confirmation', 'newsletter_confirmation', 'lead_webhook'
  )),
  constraint mail_outbox_channel_check check (channel in ('email', 'webhook')),
  constraint mail_outbox_status_check check (status in ('pending', 'sending', 'sent', 'failed', 'skipped')),
  constraint mail_outbox_locale_check check (locale in ('ar', 'en')),
  constraint mail_outbox_recipient_check check (recipient is null or char_length(recipient) <= 2000),
  constraint mail_outbox_last_error_check check (last_error is null or char_length(last_error) <= 2000)
);
alter table public.mail_outbox enable row level security;

create index mail_outbox_due_idx on public.mail_outbox (next_attempt_at) where status in ('pending', 'sending');
create index mail_outbox_created_at_idx on public.mail_outbox (created_at desc);
create index mail_outbox_submission_idx on public.mail_outbox (submission_id);
create index mail_outbox_recipient_idx on public.mail_outbox (lower(recipient));

create table public.mail_attempts (
  id bigint generated always as identity primary key,
  outbox_id uuid not null references public.mail_outbox (id) on delete cascade,
  attempted_at timestamptz not null default now(),
  ok boolean not null,
  detail text,
  duration_ms integer,
  constraint mail_attempts_detail_check check (detail is null or char_length(detail) <= 2000)
);
alter table public.mail_attempts enable row level security;
create index mail_attempts_outbox_idx on public.mail_attempts (outbox_id, attempted_at desc);

create table public.newsletter_subscribers (
  id uuid primary key default gen_random_uuid(),
  email text not null,
  status text not null default 'pending',
  locale text not null default 'ar',
  -- The consent statement shown (its version), where and when it was given.
  consent_version text,
  consent_page text,
  consented_at timestamptz,
  confirmed_at timestamptz,
  unsubscribed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint newsletter_subscribers_status_check check (status in ('pending', 'confirmed', 'unsubscribed')),
  constraint newsletter_subscribers_locale_check check (locale in ('ar', 'en')),
  constraint newsletter_subscribers_email_check check (char_length(email) between 3 and 320 and email like '%@%'),
  constraint newsletter_subscribers_consent_version_check check (consent_version is null or char_length(consent_version) <= 64),
  constraint newsletter_subscribers_consent_page_check check (consent_page is null or char_length(consent_page) <= 500)
);
alter table public.newsletter_subscribers enable row level security;
create unique index newsletter_subscribers_email_key on public.newsletter_subscribers (lower(email));
create index newsletter_subscribers_created_at_idx on public.newsletter_subscribers (created_at desc);

revoke all on table public.mail_outbox, public.mail_attempts, public.newsletter_subscribers from anon, authenticated;
grant select on table public.mail_outbox, public.mail_attempts, public.newsletter_subscribers to authenticated;
grant all on table public.mail_outbox, public.mail_attempts, public.newsletter_subscribers to service_role;

create policy "Administrators can read the outbox"
  on public.mail_outbox for select to authenticated
  using ((select public.is_admin()));

create policy "Administrators can read the delivery log"
  on public.mail_attempts for select to authenticated
  using ((select public.is_admin()));

create policy "Administrators can read newsletter subscribers"
  on public.newsletter_subscribers for select to authenticated
  using ((select public.is_admin()));

create trigger mail_outbox_set_updated_at
  before update on public.mail_outbox
  for each row execute function public.set_updated_at();
create trigger newsletter_subscribers_set_updated_at
  before update on public.newsletter_subscribers
  for each row execute function public.set_updated_at();

-- New audit event types: an erasure request and a hand-made retry.
alter table public.audit_events drop constraint audit_events_event_type_check;
alter table public.audit_events add constraint audit_events_event_type_check
  check (event_type in ('admin_sign_in', 'blog_post', 'personal_data_erased', 'mail_retried'));

-- A sign-up for the newsletter (from the footer form, or the marketing box on the lead form):
-- one subscriber per address; a confirmation message is queued unless the address is confirmed,
-- or one is already waiting to be sent, or five were queued in the last day (no mail bombing).
create function public.newsletter_sign_up(
  p_email text, p_locale text, p_consent_version text, p_page text, p_submission uuid
)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  sub public.newsletter_subscribers;
  recent integer;
  waiting integer;
begin
  select * into sub from public.newsletter_subscribers where lower(email) = lower(p_email) for update;
  if not found then
    insert into public.newsletter_subscribers (email, status, locale, consent_version, consent_page, consented_at)
    values (p_email, 'pending', coalesce(p_locale, 'ar'), p_consent_version, p_page, now())
    returning * into sub;
  elsif sub.status = 'confirmed' then
    return;
  else
    update public.newsletter_subscribers
      set status = 'pending', locale = coalesce(p_locale, locale), consent_version = p_consent_version,
          consent_page = p_page, consented_at = now(), unsubscribed_at = null
      where id = sub.id
      returning * into sub;
  end if;

  select count(*) filter (where status in ('pending', 'sending')), count(*)
    into waiting, recent
    from public.mail_outbox
    where kind = 'newsletter_confirmation' and lower(recipient) = lower(p_email)
      and created_at > now() - interval '1 day';
  if waiting > 0 or recent >= 5 then
    return;
  end if;

  insert into public.mail_outbox (kind, channel, submission_id, recipient, locale, data)
  values ('newsletter_confirmation', 'email', p_submission, sub.email, sub.locale,
          jsonb_build_object('subscriberId', sub.id));
end;
$$;
revoke all on function public.newsletter_sign_up(text, text, text, text, uuid) from public, anon, authenticated;

-- Before a newsletter row is stored: a retry of the same submission is left to the unique key; an
-- address already on file is not a second row (the visitor is answered exactly as for a new one)
-- but its confirmation is sent again.
create function public.form_submissions_newsletter()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.form_type <> 'newsletter' then
    return new;
  end if;
  if exists (select 1 from public.form_submissions where submission_id = new.submission_id) then
    return new;
  end if;
  if exists (
    select 1 from public.form_submissions
    where form_type = 'newsletter' and lower(payload ->> 'email') = lower(new.payload ->> 'email')
  ) then
    perform public.newsletter_sign_up(
      new.payload ->> 'email', new.locale, new.payload #>> '{consent,version}', new.page_path, null
    );
    return null;
  end if;
  return new;
end;
$$;
revoke all on function public.form_submissions_newsletter() from public, anon, authenticated;

create trigger form_submissions_newsletter
  before insert on public.form_submissions
  for each row execute function public.form_submissions_newsletter();

-- After a submission is stored: queue what has to leave the site, in the same transaction.
create function public.form_submissions_enqueue_mail()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  visitor text := nullif(btrim(new.payload ->> 'email'), '');
  loc text := coalesce(new.locale, 'ar');
begin
  if new.form_type = 'newsletter' then
    perform public.newsletter_sign_up(visitor, loc, new.payload #>> '{consent,version}', new.page_path, new.id);
    return null;
  end if;

  insert into public.mail_outbox (kind, channel, submission_id, recipient, locale)
  values ('sales_notification', 'email', new.id, null, 'en');
  if visitor is not null then
    insert into public.mail_outbox (kind, channel, submission_id, recipient, locale)
    values (
      case when new.form_type = 'demo_booking' then 'booking_confirmation' else 'lead_acknowledgement' end,
      'email', new.id, visitor, loc
    );
  end if;
  insert into public.mail_outbox (kind, channel, submission_id, recipient, locale)
  values ('lead_webhook', 'webhook', new.id, null, 'en');

  -- The lead form's unticked box: express consent to marketing email starts the double opt-in.
  if visitor is not null and (new.payload #>> '{consent,marketing}') = 'true' then
    perform public.newsletter_sign_up(visitor, loc, new.payload #>> '{consent,version}', new.page_path, new.id);
  end if;
  return null;
end;
$$;
revoke all on function public.form_submissions_enqueue_mail() from public, anon, authenticated;

create trigger form_submissions_enqueue_mail
  after insert on public.form_submissions
  for each row execute function public.form_submissions_enqueue_mail();

-- Administrators: send a failed (or waiting) message again now, with a fresh count of tries.
create function public.retry_mail(p_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not (select public.is_admin()) then
    raise exception 'only administrators can retry mail' using errcode = '42501';
  end if;
  update public.mail_outbox
    set status = 'pending', attempts = 0, next_attempt_at = now(), locked_until = null, last_error = null
    where id = p_id and status in ('failed', 'pending', 'skipped');
  if not found then
    raise exception 'no message to retry' using errcode = 'P0002';
  end if;
  insert into public.audit_events (event_type, actor_id, actor_email, details)
  values ('mail_retried', (select auth.uid()), (select auth.jwt() ->> 'email'), jsonb_build_object('outboxId', p_id));
end;
$$;
revoke all on function public.retry_mail(uuid) from public, anon;
grant execute on function public.retry_mail(uuid) to authenticated, service_role;

-- Administrators: erase everything held about one email address (a PDPL / GDPR request):
-- submissions (and with them their messages and delivery log), the subscriber, and any other
-- message to that address. The audit event keeps the counts, not the address.
create function public.erase_personal_data(p_email text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  addr text := lower(btrim(p_email));
  n_submissions integer;
  n_subscribers integer;
  n_messages integer;
  result jsonb;
begin
  if not (select public.is_admin()) then
    raise exception 'only administrators can erase personal data' using errcode = '42501';
  end if;
  if addr is null or addr not like '%_@_%' or char_length(addr) > 320 then
    raise exception 'a valid email address is required' using errcode = '22023';
  end if;
  delete from public.mail_outbox where lower(recipient) = addr
    or submission_id in (select id from public.form_submissions where lower(payload ->> 'email') = addr);
  get diagnostics n_messages = row_count;
  delete from public.form_submissions where lower(payload ->> 'email') = addr;
  get diagnostics n_submissions = row_count;
  delete from public.newsletter_subscribers where lower(email) = addr;
  get diagnostics n_subscribers = row_count;
  result := jsonb_build_object('submissions', n_submissions, 'subscribers', n_subscribers, 'messages', n_messages);
  insert into public.audit_events (event_type, actor_id, actor_email, details)
  values ('personal_data_erased', (select auth.uid()), (select auth.jwt() ->> 'email'),
          result || jsonb_build_object('emailHash', encode(sha256(convert_to(addr, 'UTF8')), 'hex')));
  return result;
end;
$$;
revoke all on function public.erase_personal_data(text) from public, anon;
grant execute on function public.erase_personal_data(text) to authenticated, service_role;
