-- Working many leads at once (docs/leads.md#statuses-owners-notes-timeline, #the-inbox):
--   * notes can be edited: by their author, and by an owner (any note); the note keeps when and by whom it
--     was last edited (lead_notes.edited_at / edited_by), and its timeline entry shows the current text;
--   * public.leads_bulk_update: the inbox's bulk actions (give the selected leads to someone, or move
--     them to a status) in one set-based update, with the caller's own rights (security invoker: the
--     leads' policies and triggers apply, so each changed lead gets its own timeline entry);
--   * public.lead_saved_views: a member's named inbox filters, private to that member.

-- ------------------------------------------------------------------------------- editable notes
alter table public.lead_notes
  add column edited_at timestamptz,
  add column edited_by uuid references auth.users (id) on delete set null;

-- The timeline entry of a note points at it, so an edit can show there.
alter table public.lead_events
  add column note_id uuid references public.lead_notes (id) on delete set null;
create index lead_events_note_idx on public.lead_events (note_id) where note_id is not null;

update public.lead_events e
set note_id = n.id
from public.lead_notes n
where e.kind = 'note_added' and e.note_id is null and e.lead_id = n.lead_id
  and e.actor_id is not distinct from n.author_id and e.created_at = n.created_at and e.detail = n.body;

create or replace function public.lead_notes_record()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.lead_events (lead_id, kind, actor_id, actor_email, detail, note_id, created_at)
  values (new.lead_id, 'note_added', new.author_id, public.lead_actor_email(new.author_id), new.body, new.id, new.created_at);
  update public.leads set last_activity_at = greatest(last_activity_at, new.created_at) where id = new.lead_id;
  return null;
end;
$$;
revoke all on function public.lead_notes_record() from public, anon, authenticated;

-- Only the text changes (column grant); the database stamps the edit.
create function public.lead_notes_before_update()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.body is distinct from old.body then
    new.edited_at := now();
    new.edited_by := (select auth.uid());
  end if;
  return new;
end;
$$;
revoke all on function public.lead_notes_before_update() from public, anon, authenticated;

create trigger lead_notes_before_update
  before update on public.lead_notes
  for each row execute function public.lead_notes_before_update();

create function public.lead_notes_record_edit()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.body is distinct from old.body then
    update public.lead_events set detail = new.body where note_id = new.id and kind = 'note_added';
    update public.leads set last_activity_at = greatest(last_activity_at, now()) where id = new.lead_id;
  end if;
  return null;
end;
$$;
revoke all on function public.lead_notes_record_edit() from public, anon, authenticated;

create trigger lead_notes_record_edit
  after update on public.lead_notes
  for each row execute function public.lead_notes_record_edit();

grant update (body) on table public.lead_notes to authenticated;

create policy "Authors edit their notes; owners edit any note"
  on public.lead_notes for update to authenticated
  using ((select public.has_role('owner')) or ((select public.has_role('sales')) and author_id = (select auth.uid())))
  with check ((select public.has_role('owner')) or ((select public.has_role('sales')) and author_id = (select auth.uid())));

-- ------------------------------------------------------------------------------------ bulk update
-- p_ids: a JSON array of lead ids (jsonb, as the API passes arrays). Give leads to someone (p_owner_id),
-- take them from their owner (p_unassign), and/or move them to a
-- status (p_status), in one statement. Returns how many leads changed (those already so are left alone).
-- Refused (42501) for anyone who does not work leads; bad input (no lead, more than 500, nothing to
-- change, both an owner and "unassign") is 22023; an owner who cannot own leads or an unknown status
-- fails the whole statement (23514), nothing changed.
create function public.leads_bulk_update(
  p_ids jsonb,
  p_status text default null,
  p_owner_id uuid default null,
  p_unassign boolean default false
)
returns integer
language plpgsql
security invoker
set search_path = ''
as $$
declare
  changed integer;
  v_ids uuid[];
begin
  if not (select public.has_role('owner', 'sales')) then
    raise exception 'only owners and sales people can change leads' using errcode = '42501';
  end if;
  if p_ids is null or jsonb_typeof(p_ids) <> 'array' or jsonb_array_length(p_ids) = 0 or jsonb_array_length(p_ids) > 500 then
    raise exception 'choose between 1 and 500 leads (a JSON array of ids)' using errcode = '22023';
  end if;
  -- A value that is not a uuid fails here (22P02).
  select array_agg(e::uuid) into v_ids from jsonb_array_elements_text(p_ids) e;
  if p_status is null and p_owner_id is null and not coalesce(p_unassign, false) then
    raise exception 'nothing to change: give a status, an owner or unassign' using errcode = '22023';
  end if;
  if p_owner_id is not null and coalesce(p_unassign, false) then
    raise exception 'give an owner or unassign, not both' using errcode = '22023';
  end if;
  update public.leads l
  set status = coalesce(p_status, l.status),
      owner_id = case when coalesce(p_unassign, false) then null else coalesce(p_owner_id, l.owner_id) end
  where l.id = any (v_ids)
    and (l.status is distinct from coalesce(p_status, l.status)
         or l.owner_id is distinct from (case when coalesce(p_unassign, false) then null else coalesce(p_owner_id, l.owner_id) end));
  get diagnostics changed = row_count;
  return changed;
end;
$$;
revoke all on function public.leads_bulk_update(jsonb, text, uuid, boolean) from public, anon;
grant execute on function public.leads_bulk_update(jsonb, text, uuid, boolean) to authenticated, service_role;

-- ------------------------------------------------------------------------------------ saved views
-- `query` is the inbox's address query without the page and the open lead ("status=new&owner=none"),
-- URL-encoded as the browser writes it.
create table public.lead_saved_views (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  name text not null,
  query text not null,
  created_at timestamptz not null default now(),
  constraint lead_saved_views_name_check check (char_length(btrim(name)) between 1 and 60 and name = btrim(name)),
  constraint lead_saved_views_query_check check (char_length(query) <= 1000 and query ~ '^[A-Za-z0-9_.~%=&+*-]*$'),
  constraint lead_saved_views_user_name_key unique (user_id, name)
);
alter table public.lead_saved_views enable row level security;

revoke all on table public.lead_saved_views from anon, authenticated;
grant select, delete on table public.lead_saved_views to authenticated;
grant insert (name, query) on table public.lead_saved_views to authenticated;
grant all on table public.lead_saved_views to service_role;

create policy "Members who work leads read their own views"
  on public.lead_saved_views for select to authenticated
  using ((select public.has_role('owner', 'sales')) and user_id = (select auth.uid()));

create policy "Members who work leads save views as themselves"
  on public.lead_saved_views for insert to authenticated
  with check ((select public.has_role('owner', 'sales')) and user_id = (select auth.uid()));

create policy "Members who work leads delete their own views"
  on public.lead_saved_views for delete to authenticated
  using ((select public.has_role('owner', 'sales')) and user_id = (select auth.uid()));
