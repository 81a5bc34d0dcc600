-- Team roles. Every member of the team is listed in public.administrators with one role:
--   owner  - everything, and manages the team;
--   editor - posts and images only;
--   sales  - leads and bookings only.
-- Members who existed before roles keep full access as owners.
-- public.is_admin() keeps its meaning ("a member of the team, whatever the role"); policies that a role
-- narrows use public.has_role(...), which later migrations apply table by table.

alter table public.administrators
  add column role text not null default 'owner',
  add constraint administrators_role_check check (role in ('owner', 'editor', 'sales'));

-- New members get no role by default: whoever adds them must say which.
alter table public.administrators alter column role drop default;

-- security definer so that policies can consult the team list without the caller reading it;
-- a fixed, empty search_path so nothing can be shadowed.
create function public.has_role(variadic roles text[])
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.administrators a
    where a.user_id = (select auth.uid()) and a.role = any (roles)
  );
$$;
revoke all on function public.has_role(text[]) from public;
grant execute on function public.has_role(text[]) to anon, authenticated, service_role;
