-- Audit trail: administrator sign-ins (written by the auth server) and post changes (written by a
-- trigger). Never written from the browser.

create table public.audit_events (
  id bigint generated always as identity primary key,
  event_type text not null,
  actor_id uuid,
  actor_email text,
  success boolean not null default true,
  details jsonb not null default '{}'::jsonb,
  client_ip inet,
  user_agent text,
  created_at timestamptz not null default now(),
  constraint audit_events_event_type_check check (event_type in ('admin_sign_in', 'blog_post')),
  constraint audit_events_user_agent_check check (user_agent is null or char_length(user_agent) <= 1024),
  constraint audit_events_actor_email_check check (actor_email is null or char_length(actor_email) <= 320)
);
alter table public.audit_events enable row level security;

create index audit_events_created_at_idx on public.audit_events (created_at desc);

revoke all on table public.audit_events from anon, authenticated;
grant select on table public.audit_events to authenticated;
grant all on table public.audit_events to service_role;

create policy "Administrators can read audit events"
  on public.audit_events for select to authenticated
  using ((select public.is_admin()));

-- Post changes: created / updated / deleted, with the publication state (Published / Draft).
create function public.audit_blog_post_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  post record;
  action text;
  status_change text;
begin
  if tg_op = 'DELETE' then
    post := old;
    action := 'deleted';
  elsif tg_op = 'INSERT' then
    post := new;
    action := 'created';
  else
    post := new;
    action := 'updated';
  end if;

  if tg_op = 'UPDATE' and old.published is distinct from new.published then
    status_change := case when new.published then 'Published' else 'Draft' end;
  elsif tg_op = 'INSERT' then
    status_change := case when new.published then 'Published' else 'Draft' end;
  else
    status_change := null;
  end if;

  insert into public.audit_events (event_type, actor_id, actor_email, success, details)
  values (
    'blog_post',
    (select auth.uid()),
    (select auth.jwt() ->> 'email'),
    true,
    jsonb_build_object(
      'postId', post.id,
      'postTitle', post.title,
      'actionType', action,
      'statusChange', status_change,
      'published', post.published,
      'category', post.category,
      'country', post.country
    )
  );
  return null;
end;
$$;
revoke all on function public.audit_blog_post_change() from public, anon, authenticated;

create trigger blog_posts_audit
  after insert or update or delete on public.blog_posts
  for each row execute function public.audit_blog_post_change();
