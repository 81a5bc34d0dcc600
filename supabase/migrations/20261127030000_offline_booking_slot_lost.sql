-- Nothing a visitor sent is ever dropped (docs/product.md#submit).
--
-- A demo booking made offline sits in the browser outbox and is sent when the connection returns (its
-- envelope then carries `queuedAt`). If someone else booked that slot in between, the visitor already saw
-- "it will be sent": dropping it would lose the lead. public.book_demo_or_keep_lead books the slot like
-- public.book_demo; when the slot is taken it stores the submission anyway, as a lead without a booking,
-- with payload.bookingConflict = {requestedStart, reason: 'slot_taken', queuedAt}, and in the same
-- transaction:
--   - the sales notification becomes a 'booking_slot_lost' mail (same recipients: the worker fills them in),
--     so sales hear once, with the requested time and the link to the lead;
--   - the visitor's booking confirmation is skipped (no demo was booked; the site tells the visitor);
--   - the lead's timeline gets a 'booking_slot_lost' event.
-- It answers 'created' (booked), 'replayed' (this submission id was already stored with its booking) or
-- 'slot_lost' (stored without a booking, now or by an earlier try of the same submission id: nothing is
-- stored or mailed twice). Online submissions keep using public.book_demo (409, nothing stored).

create function public.book_demo_or_keep_lead(
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
  new_id uuid;
  v_lead uuid;
  v_constraint text;
  v_start text := to_char(p_starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"');
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

  insert into public.form_submissions
    (submission_id, form_type, payload, page_path, locale, time_zone, user_agent, client_ip)
  values (
    p_submission_id, 'demo_booking',
    p_payload || jsonb_build_object('bookingConflict', jsonb_build_object(
      'requestedStart', v_start,
      'reason', 'slot_taken',
      'queuedAt', to_char(p_queued_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
    )),
    p_page_path, p_locale, p_time_zone, p_user_agent, p_client_ip
  )
  on conflict do nothing
  returning id into new_id;
  if new_id is null then
    -- A concurrent try of the same submission id stored it first.
    select * into prior from public.form_submissions where submission_id = p_submission_id;
    return case when prior.payload ? 'bookingConflict' then 'slot_lost' else 'replayed' end;
  end if;

  -- The insert's triggers queued the usual messages and attached the lead; turn them into the right ones.
  update public.mail_outbox
    set kind = 'booking_slot_lost',
        data = data || jsonb_build_object('requestedStart', v_start, 'reason', 'slot_taken')
    where submission_id = new_id and kind = 'sales_notification';
  if not found then
    insert into public.mail_outbox (kind, channel, submission_id, recipient, locale, data)
    values ('booking_slot_lost', 'email', new_id, null, 'en',
            jsonb_build_object('requestedStart', v_start, 'reason', 'slot_taken'));
  end if;
  update public.mail_outbox
    set status = 'skipped', last_error = 'No booking was made: the requested time was taken before the submission arrived'
    where submission_id = new_id and kind = 'booking_confirmation' and status = 'pending';

  select s.lead_id into v_lead from public.form_submissions s where s.id = new_id;
  if v_lead is not null then
    insert into public.lead_events (lead_id, kind, to_value, detail, submission_id)
    values (v_lead, 'booking_slot_lost', v_start, 'slot_taken', new_id);
  end if;
  return 'slot_lost';
end;
$$;
revoke all on function public.book_demo_or_keep_lead(uuid, jsonb, text, text, text, text, inet, timestamptz, timestamptz, text)
  from public, anon, authenticated;
grant execute on function public.book_demo_or_keep_lead(uuid, jsonb, text, text, text, text, inet, timestamptz, timestamptz, text)
  to service_role;
