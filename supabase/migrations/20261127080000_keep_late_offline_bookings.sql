-- A booking made offline can arrive after its time has passed (the visitor was offline for a day, or the
-- phone stayed in a pocket): it was valid when made and the visitor was told it would be sent, so it is kept
-- like one whose slot was taken (20261127030000_offline_booking_slot_lost.sql): stored as a lead without a
-- booking, payload.bookingConflict = {requestedStart, reason, queuedAt}, the sales notification turned into
-- one 'booking_slot_lost' mail, the visitor's confirmation skipped, a 'booking_slot_lost' timeline event.
-- Idempotent on the submission id. Answers 'slot_lost' or 'replayed'. book_demo_or_keep_lead now keeps a
-- taken slot's lead through it too (reason 'slot_taken'), so both cases are written in one place.
create function public.keep_lead_without_booking(
  p_submission_id uuid,
  p_payload jsonb,
  p_page_path text,
  p_locale text,
  p_time_zone text,
  p_user_agent text,
  p_client_ip inet,
  p_requested_start timestamptz,
  p_queued_at timestamptz,
  p_reason text
)
returns text
language plpgsql
security invoker
set search_path = ''
as $$
declare
  prior public.form_submissions;
  new_id uuid;
  v_lead uuid;
  v_reason text := case when p_reason in ('slot_taken', 'slot_passed') then p_reason else 'slot_passed' end;
  v_start text := to_char(p_requested_start at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"');
begin
  insert into public.form_submissions
    (submission_id, form_type, payload, page_path, locale, time_zone, user_agent, client_ip)
  values (
    p_submission_id, 'demo_booking',
    p_payload || jsonb_build_object('bookingConflict', jsonb_build_object(
      'requestedStart', v_start,
      'reason', v_reason,
      'queuedAt', to_char(p_queued_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
    )),
    p_page_path, p_locale, p_time_zone, p_user_agent, p_client_ip
  )
  on conflict do nothing
  returning id into new_id;
  if new_id is null then
    select * into prior from public.form_submissions where submission_id = p_submission_id;
    return case when prior.payload ? 'bookingConflict' then 'slot_lost' else 'replayed' end;
  end if;

  update public.mail_outbox
    set kind = 'booking_slot_lost',
        data = data || jsonb_build_object('requestedStart', v_start, 'reason', v_reason)
    where submission_id = new_id and kind = 'sales_notification';
  if not found then
    insert into public.mail_outbox (kind, channel, submission_id, recipient, locale, data)
    values ('booking_slot_lost', 'email', new_id, null, 'en', jsonb_build_object('requestedStart', v_start, 'reason', v_reason));
  end if;
  update public.mail_outbox
    set status = 'skipped',
        last_error = case v_reason
          when 'slot_taken' then 'No booking was made: the requested time was taken before the submission arrived'
          else 'No booking was made: the requested time had passed when the submission arrived' end
    where submission_id = new_id and kind = 'booking_confirmation' and status = 'pending';

  select s.lead_id into v_lead from public.form_submissions s where s.id = new_id;
  if v_lead is not null then
    insert into public.lead_events (lead_id, kind, to_value, detail, submission_id)
    values (v_lead, 'booking_slot_lost', v_start, v_reason, new_id);
  end if;
  return 'slot_lost';
end;
$$;
revoke all on function public.keep_lead_without_booking(uuid, jsonb, text, text, text, text, inet, timestamptz, timestamptz, text)
  from public, anon, authenticated;
grant execute on function public.keep_lead_without_booking(uuid, jsonb, text, text, text, text, inet, timestamptz, timestamptz, text)
  to service_role;

create or replace function public.book_demo_or_keep_lead(
  p_submission_id uuid,
  p_payload jsonb,
  p_page_path text,
  p_locale text,
  p_time_zone text,
  p_user_agent text,
  p_client_ip inet,
  p_starts_at timestamptz,
  p_queued_at timestamptz,
  p_market text default null
)
returns text
language plpgsql
security invoker
set search_path = ''
as $$
declare
  prior public.form_submissions;
  v_constraint text;
begin
  select * into prior from public.form_submissions where submission_id = p_submission_id;
  if found then
    return case when prior.payload ? 'bookingConflict' then 'slot_lost' else 'replayed' end;
  end if;
  begin
    return public.book_demo(p_submission_id, p_payload, p_page_path, p_locale, p_time_zone, p_user_agent,
                            p_client_ip, p_starts_at, p_market);
  exception when unique_violation then
    get stacked diagnostics v_constraint = constraint_name;
    if coalesce(v_constraint, '') <> 'bookings_confirmed_slot_key' then
      raise;
    end if;
  end;
  return public.keep_lead_without_booking(p_submission_id, p_payload, p_page_path, p_locale, p_time_zone, p_user_agent,
                                          p_client_ip, p_starts_at, p_queued_at, 'slot_taken');
end;
$$;
