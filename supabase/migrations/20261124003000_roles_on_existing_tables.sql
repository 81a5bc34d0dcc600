-- Roles on the tables that existed before them (docs/product.md#admin, "Team and roles").
--   owner  - everything, and manages the team;
--   editor - posts and the blog-images bucket;
--   sales  - submissions (leads), the mail outbox and delivery log, newsletter subscribers, erasure.
-- public.is_admin() ("any member of the team") stays where every member may act: reading the team list.
-- Everything else now names the roles that may act with public.has_role(...).

-- ---------------------------------------------------------------------------------- blog_posts
drop policy "Administrators can read every post" on public.blog_posts;
drop policy "Administrators can create posts" on public.blog_posts;
drop policy "Administrators can update posts" on public.blog_posts;
drop policy "Administrators can delete posts" on public.blog_posts;

create policy "Owners and editors can read every post"
  on public.blog_posts for select to authenticated
  using ((select public.has_role('owner', 'editor')));

create policy "Owners and editors can create posts"
  on public.blog_posts for insert to authenticated
  with check ((select public.has_role('owner', 'editor')));

create policy "Owners and editors can update posts"
  on public.blog_posts for update to authenticated
  using ((select public.has_role('owner', 'editor')))
  with check ((select public.has_role('owner', 'editor')));

create policy "Owners and editors can delete posts"
  on public.blog_posts for delete to authenticated
  using ((select public.has_role('owner', 'editor')));

-- --------------------------------------------------------------------------- blog-images bucket
drop policy "Administrators can list and read blog images" on storage.objects;
drop policy "Administrators can upload blog images" on storage.objects;
drop policy "Administrators can replace blog images" on storage.objects;
drop policy "Administrators can delete blog images" on storage.objects;

create policy "Owners and editors can list and read blog images"
  on storage.objects for select to authenticated
  using (bucket_id = 'blog-images' and (select public.has_role('owner', 'editor')));

create policy "Owners and editors can upload blog images"
  on storage.objects for insert to authenticated
  with check (bucket_id = 'blog-images' and (select public.has_role('owner', 'editor')));

create policy "Owners and editors can replace blog images"
  on storage.objects for update to authenticated
  using (bucket_id = 'blog-images' and (select public.has_role('owner', 'editor')))
  with check (bucket_id = 'blog-images' and (select public.has_role('owner', 'editor')));

create policy "Owners and editors can delete blog images"
  on storage.objects for delete to authenticated
  using (bucket_id = 'blog-images' and (select public.has_role('owner', 'editor')));

-- ------------------------------------------------------------------------ leads and their mail
drop policy "Administrators can read submissions" on public.form_submissions;
create policy "Owners and sales can read submissions"
  on public.form_submissions for select to authenticated
  using ((select public.has_role('owner', 'sales')));

-- The outbox also carries team invitations and password-reset messages (below). Their bodies hold a
-- one-time sign-in link, so nobody reads them through the API: only the server (which sends them).
alter table public.mail_outbox drop constraint mail_outbox_kind_check;
alter table public.mail_outbox add constraint mail_outbox_kind_check check (kind in (
  'sales_notification', 'lead_acknowledgement', 'booking_confirmation', 'newsletter_confirmation', 'lead_webhook',
  'team_invite', 'password_recovery'
));

drop policy "Administrators can read the outbox" on public.mail_outbox;
create policy "Owners and sales can read the outbox, except sign-in links"
  on public.mail_outbox for select to authenticated
  using ((select public.has_role('owner', 'sales')) and kind not in ('team_invite', 'password_recovery'));

drop policy "Administrators can read the delivery log" on public.mail_attempts;
create policy "Owners and sales can read the delivery log"
  on public.mail_attempts for select to authenticated
  using ((select public.has_role('owner', 'sales')));

drop policy "Administrators can read newsletter subscribers" on public.newsletter_subscribers;
create policy "Owners and sales can read newsletter subscribers"
  on public.newsletter_subscribers for select to authenticated
  using ((select public.has_role('owner', 'sales')));

-- Same bodies as before; only the role check changes.
create or replace function public.retry_mail(p_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not (select public.has_role('owner', 'sales')) then
    raise exception 'only owners and sales can retry mail' using errcode = '42501';
  end if;
  update public.mail_outbox
    set status = 'pending', attempts = 0, next_attempt_at = now(), locked_until = null, last_error = null
    where id = p_id and status in ('failed', 'pending', 'skipped')
      and kind not in ('team_invite', 'password_recovery');
  if not found then
    raise exception 'no message to retry' using errcode = 'P0002';
  end if;
  insert into public.audit_events (event_type, actor_id, actor_email, details)
  values ('mail_retried', (select auth.uid()), (select auth.jwt() ->> 'email'), jsonb_build_object('outboxId', p_id));
end;
$$;
revoke all on function public.retry_mail(uuid) from public, anon;
grant execute on function public.retry_mail(uuid) to authenticated, service_role;

create or replace function public.erase_personal_data(p_email text)
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
  if not (select public.has_role('owner', 'sales')) then
    raise exception 'only owners and sales can erase personal data' using errcode = '42501';
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

-- -------------------------------------------------------------------------------- audit events
-- Team changes and password events are audited too.
alter table public.audit_events drop constraint audit_events_event_type_check;
alter table public.audit_events add constraint audit_events_event_type_check
  check (event_type in (
    'admin_sign_in', 'blog_post', 'personal_data_erased', 'mail_retried',
    'team_member_invited', 'team_role_changed', 'team_member_removed', 'password_changed'
  ));

drop policy "Administrators can read audit events" on public.audit_events;
create policy "Owners can read every audit event"
  on public.audit_events for select to authenticated
  using ((select public.has_role('owner')));
create policy "Editors can read post events"
  on public.audit_events for select to authenticated
  using (event_type = 'blog_post' and (select public.has_role('editor')));
create policy "Sales can read lead and mail events"
  on public.audit_events for select to authenticated
  using (event_type in ('personal_data_erased', 'mail_retried') and (select public.has_role('sales')));

-- ------------------------------------------------------------------------------ administrators
-- Invited members have no password yet: accepted_at is set when they choose one. Members who
-- existed before invitations count as accepted.
alter table public.administrators
  add column invited_by uuid references auth.users (id) on delete set null,
  add column accepted_at timestamptz default now();
update public.administrators set accepted_at = created_at;

-- Every member reads the team list (the select policies of the first migration stay). Only owners
-- change a role or remove a member, and never their own entry; only the role column can change.
revoke update, delete on table public.administrators from authenticated;
grant update (role) on table public.administrators to authenticated;
grant delete on table public.administrators to authenticated;

create policy "Owners can change the role of other members"
  on public.administrators for update to authenticated
  using ((select public.has_role('owner')) and user_id <> (select auth.uid()))
  with check ((select public.has_role('owner')) and user_id <> (select auth.uid()));

create policy "Owners can remove other members"
  on public.administrators for delete to authenticated
  using ((select public.has_role('owner')) and user_id <> (select auth.uid()));

-- The team always keeps an owner, whoever makes the change (API, service role, SQL, deleting the
-- auth user). The check runs after the statement under a transaction-wide lock, so two owners who
-- demote each other at the same moment cannot both succeed.
create function public.administrators_keep_an_owner()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform pg_advisory_xact_lock(727274016);
  if exists (select 1 from public.administrators)
     and not exists (select 1 from public.administrators where role = 'owner') then
    raise exception 'the team must keep at least one owner' using errcode = '23514',
      hint = 'Make another member an owner first.';
  end if;
  return null;
end;
$$;
revoke all on function public.administrators_keep_an_owner() from public, anon, authenticated;

create trigger administrators_keep_an_owner
  after update or delete on public.administrators
  for each statement execute function public.administrators_keep_an_owner();

-- Role changes and removals are audited (who, whom, from what to what).
create function public.audit_team_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  member_email text;
begin
  select u.email into member_email from auth.users u where u.id = old.user_id;
  if tg_op = 'DELETE' then
    insert into public.audit_events (event_type, actor_id, actor_email, details)
    values ('team_member_removed', (select auth.uid()), (select auth.jwt() ->> 'email'),
            jsonb_build_object('memberId', old.user_id, 'memberEmail', member_email, 'role', old.role));
  elsif old.role is distinct from new.role then
    insert into public.audit_events (event_type, actor_id, actor_email, details)
    values ('team_role_changed', (select auth.uid()), (select auth.jwt() ->> 'email'),
            jsonb_build_object('memberId', old.user_id, 'memberEmail', member_email, 'from', old.role, 'to', new.role));
  end if;
  return null;
end;
$$;
revoke all on function public.audit_team_change() from public, anon, authenticated;

create trigger administrators_audit
  after update or delete on public.administrators
  for each row execute function public.audit_team_change();

-- The team as members see it: email and status come from auth.users, which the API roles cannot read.
-- Anyone who is not a member gets no rows.
create function public.team_members()
returns table (
  user_id uuid,
  email text,
  role text,
  status text,
  created_at timestamptz,
  accepted_at timestamptz,
  last_sign_in_at timestamptz
)
language sql
stable
security definer
set search_path = ''
as $$
  select a.user_id, u.email::text, a.role,
         case when a.accepted_at is null then 'invited' else 'active' end,
         a.created_at, a.accepted_at, u.last_sign_in_at
  from public.administrators a
  join auth.users u on u.id = a.user_id
  where (select public.is_admin())
  order by (a.role = 'owner') desc, lower(u.email);
$$;
revoke all on function public.team_members() from public, anon;
grant execute on function public.team_members() to authenticated, service_role;
