-- The kinds of mail and of lead timeline events that the booking lifecycle and lead assignment use, declared
-- once so that the features writing them never redefine each other's constraint.
--   mail:   booking_reminder (24 h and 1 h before, to the visitor and to the assigned person),
--           lead_assigned / booking_assigned (to the person who now owns the lead or the booking),
--           lead_overdue (to the owner of a lead that turned overdue),
--           booking_slot_lost (to sales: a visitor's offline booking whose slot was taken meanwhile).
--   events: booking_created, booking_moved, booking_cancelled, booking_reminded, booking_slot_lost, assigned.
alter table public.mail_outbox drop constraint mail_outbox_kind_check;
alter table public.mail_outbox add constraint mail_outbox_kind_check check (kind in (
  'sales_notification', 'lead_acknowledgement', 'booking_confirmation', 'newsletter_confirmation', 'lead_webhook',
  'team_invite', 'password_recovery',
  'booking_reminder', 'lead_assigned', 'booking_assigned', 'lead_overdue', 'booking_slot_lost'
));

alter table public.lead_events drop constraint lead_events_kind_check;
alter table public.lead_events add constraint lead_events_kind_check check (kind in (
  'created', 'submitted', 'email_sent', 'status_changed', 'owner_changed', 'note_added',
  'booking_created', 'booking_moved', 'booking_cancelled', 'booking_reminded', 'booking_slot_lost', 'assigned'
));
