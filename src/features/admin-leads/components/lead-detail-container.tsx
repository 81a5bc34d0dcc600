import { msg } from "@lingui/core/macro";
import { useActorRef, useSelector } from "@xstate/react";
import { type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import { fromPromise } from "xstate";
import { loadI18n } from "@/lib/i18n/catalogs";
import { useSiteConfig } from "@/lib/site-config-context";
import { getSupabase } from "@/lib/supabase/client";
import { loadLeadDetail } from "../api/lead-detail";
import type { LeadOwner } from "../api/list-lead-owners";
import { addLeadNote, editLeadNote, setLeadOwner, setLeadStatus } from "../api/update-lead";
import { leadDetailMachine } from "../machines/lead-detail.machine";
import { LeadDetailDialog } from "./lead-detail-dialog";

/** One lead opened from the inbox: loads it, saves changes, and writes the replies in the lead's language. */
export function LeadDetailContainer({
  id,
  owners,
  me,
  onChanged,
  onClose,
  logic,
  renderBooking,
}: {
  id: string;
  owners: LeadOwner[];
  /** The signed-in member (who may edit which notes). */
  me?: { id: string; role: string | null };
  onChanged: () => void;
  onClose: () => void;
  logic?: typeof leadDetailMachine;
  /** The lead's demos (the route composes them from the agenda); `onChanged` reads the lead again. */
  renderBooking?: (leadId: string, onChanged: () => void) => ReactNode;
}) {
  const onChangedRef = useRef(onChanged);
  onChangedRef.current = onChanged;
  const provided = useMemo(
    () =>
      leadDetailMachine.provide({
        actors: {
          loadLead: fromPromise(async ({ input }) => loadLeadDetail(await getSupabase(), input.id)),
          saveChange: fromPromise(async ({ input: { id: leadId, change } }) => {
            const supabase = await getSupabase();
            if (change.kind === "status") await setLeadStatus(supabase, leadId, change.status);
            else if (change.kind === "owner") await setLeadOwner(supabase, leadId, change.ownerId);
            else if (change.kind === "noteEdit") await editLeadNote(supabase, change.noteId, change.body);
            else await addLeadNote(supabase, leadId, change.body);
          }),
        },
        actions: { changed: () => onChangedRef.current() },
      }),
    [],
  );
  const actor = useActorRef(logic ?? provided, { input: { id } });
  const snap = useSelector(actor, (s) => s);
  const { detail, pending, saveError, notesSaved, notesEdited } = snap.context;
  const status = snap.matches("loading") ? "loading" : snap.matches("failed") ? "failed" : snap.matches("missing") ? "missing" : "ready";
  const site = useSiteConfig();
  const lead = detail?.lead;
  const [reply, setReply] = useState<{ whatsapp: string; subject: string } | null>(null);
  const replyLocale = lead?.locale ?? "ar";
  const firstName = (lead?.full_name ?? "").trim().split(/\s+/)[0] ?? "";
  useEffect(() => {
    let live = true;
    void loadI18n(replyLocale).then((i18n) => {
      if (!live) return;
      const name = site.name[replyLocale];
      setReply({
        whatsapp: firstName
          ? i18n._(
              msg`Hello ${firstName}, this is the ${name} team. Thank you for your enquiry. When would be a good time for a short call?`,
            )
          : i18n._(msg`Hello, this is the ${name} team. Thank you for your enquiry. When would be a good time for a short call?`),
        subject: i18n._(msg`Your enquiry to ${name}`),
      });
    });
    return () => {
      live = false;
    };
  }, [replyLocale, firstName, site]);

  return (
    <LeadDetailDialog
      open
      status={status}
      detail={detail}
      owners={owners}
      pending={pending}
      saveError={saveError}
      notesSaved={notesSaved}
      notesEdited={notesEdited}
      me={me}
      reply={reply}
      onChange={(change) => actor.send({ type: "lead.change", change })}
      onRetry={() => actor.send({ type: "lead.retry" })}
      onClose={onClose}
      booking={
        lead && renderBooking
          ? renderBooking(lead.id, () => {
              actor.send({ type: "lead.refresh" });
              onChangedRef.current();
            })
          : undefined
      }
    />
  );
}
