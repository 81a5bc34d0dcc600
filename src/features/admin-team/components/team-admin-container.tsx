import { useLingui } from "@lingui/react/macro";
import type { SupabaseClient } from "@supabase/supabase-js";
import type { Database } from "@/lib/database.types";
import { useCallback, useEffect, useState } from "react";
import { useLocale } from "@/lib/i18n/locale-context";
import { getSupabase } from "@/lib/supabase/client";
import { useLoad } from "@/lib/use-load";
import { changeAway, changeMarkets, changeRole, removeMember } from "../api/change-member";
import { type MarketChoice, type SalesCopies, listMarkets, loadSalesCopies, saveSalesCopies } from "../api/sales-copies";
import { SalesCopiesForm } from "./sales-copies-form";
import { type InviteInput, inviteMember } from "../api/invite-member";
import { type TeamMember, listTeam } from "../api/list-team";
import { TeamError, type TeamErrorKind } from "../api/team-errors";
import { InviteDialog } from "./invite-dialog";
import { ChangeRoleDialog, RemoveMemberDialog, TeamAdmin } from "./team-admin";
import { useTeamErrorText, useTeamRoleLabels } from "./team-labels";

const kindOf = (e: unknown): TeamErrorKind => (e instanceof TeamError ? e.kind : "unknown");

type Notify = (toast: { type: "success" | "error" | "info"; title: string; description?: string }) => void;

interface TeamAdminContainerProps {
  /** The signed-in owner (their own row cannot be changed). */
  currentUserId: string;
  notify: Notify;
  client?: () => Promise<SupabaseClient<Database>>;
}

/**
 * Wires Admin → Team to the database: the list from public.team_members(), invitations through the
 * team-invite function, role changes and removals on public.administrators (RLS: owners, never their
 * own entry; the database keeps the last owner). Like Admin → Mail, a few independent calls: plain
 * state rather than a machine.
 */
export function TeamAdminContainer({ currentUserId, notify, client = getSupabase }: TeamAdminContainerProps) {
  const { t } = useLingui();
  const { locale } = useLocale();
  const roles = useTeamRoleLabels();
  const [members, setMembers] = useState<TeamMember[]>([]);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [inviting, setInviting] = useState(false);
  const [sending, setSending] = useState(false);
  const [inviteError, setInviteError] = useState<TeamErrorKind | null>(null);
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const [roleChange, setRoleChange] = useState<{ member: TeamMember; role: TeamMember["role"] } | null>(null);
  const [lastError, setLastError] = useState<TeamErrorKind | null>(null);
  const lastErrorText = useTeamErrorText(lastError);
  const [markets, setMarkets] = useState<MarketChoice[]>([]);
  const [copies, setCopies] = useState<SalesCopies | null>(null);
  const [savingCopies, setSavingCopies] = useState(false);
  const [copiesError, setCopiesError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void (async () => {
      const c = await client();
      const [m, s] = await Promise.all([listMarkets(c).catch(() => []), loadSalesCopies(c).catch(() => null)]);
      if (!live) return;
      setMarkets(m);
      setCopies(s);
    })();
    return () => {
      live = false;
    };
  }, [client]);

  const update = async (member: TeamMember, run: (c: SupabaseClient<Database>) => Promise<void>) => {
    setBusyId(member.user_id);
    setLastError(null);
    try {
      await run(await client());
      const email = member.email;
      notify({ type: "success", title: t`${email} was updated.` });
    } catch (e) {
      setLastError(kindOf(e));
    } finally {
      setBusyId(null);
      await load();
    }
  };

  useEffect(() => {
    if (lastErrorText) notify({ type: "error", title: lastErrorText });
  }, [lastErrorText, notify]);

  const { status, load } = useLoad(
    useCallback(async () => {
      setMembers(await listTeam(await client()));
    }, [client]),
  );

  const invite = async (input: InviteInput) => {
    setSending(true);
    setInviteError(null);
    try {
      await inviteMember(await client(), input);
      setInviting(false);
      const email = input.email.trim();
      // The function only queues the message (public.mail_outbox); the mail worker sends it, once mail is configured.
      notify({ type: "success", title: t`Invitation to ${email} is waiting to be sent: it leaves shortly, or once mail is configured.` });
      await load();
    } catch (e) {
      setInviteError(kindOf(e));
    } finally {
      setSending(false);
    }
  };

  const change = async (member: TeamMember, role: TeamMember["role"]) => {
    setBusyId(member.user_id);
    setLastError(null);
    try {
      await changeRole(await client(), member.user_id, role);
      const email = member.email;
      const name = roles.name[role];
      notify({ type: "success", title: t`${email} is now ${name}.` });
    } catch (e) {
      setLastError(kindOf(e));
    } finally {
      setBusyId(null);
      setRoleChange(null);
      await load();
    }
  };

  const remove = async () => {
    if (!removing) return;
    const member = removing;
    setBusyId(member.user_id);
    setLastError(null);
    try {
      await removeMember(await client(), member.user_id);
      const email = member.email;
      notify({ type: "success", title: t`${email} was removed from the team.` });
    } catch (e) {
      setLastError(kindOf(e));
    } finally {
      setBusyId(null);
      setRemoving(null);
      await load();
    }
  };

  return (
    <>
      <TeamAdmin
        status={status}
        members={members}
        currentUserId={currentUserId}
        busyId={busyId}
        onInvite={() => {
          setInviteError(null);
          setInviting(true);
        }}
        onChangeRole={(member, role) => setRoleChange({ member, role })}
        onRemove={setRemoving}
        onReload={() => void load()}
        markets={markets}
        onChangeMarkets={(m, ids) => void update(m, (c) => changeMarkets(c, m.user_id, ids))}
        onChangeAway={(m, away) => void update(m, (c) => changeAway(c, m.user_id, away))}
      >
        <SalesCopiesForm
          value={copies}
          saving={savingCopies}
          error={copiesError}
          onSave={async (next) => {
            setSavingCopies(true);
            setCopiesError(null);
            try {
              await saveSalesCopies(await client(), next);
              setCopies(next);
              notify({ type: "success", title: t`Copies of lead mail saved.` });
            } catch {
              setCopiesError(t`The copies could not be saved. Please try again.`);
            } finally {
              setSavingCopies(false);
            }
          }}
        />
      </TeamAdmin>
      <InviteDialog
        open={inviting}
        sending={sending}
        error={inviteError}
        defaultLocale={locale}
        onClose={() => setInviting(false)}
        onInvite={(i) => void invite(i)}
      />
      <ChangeRoleDialog
        change={roleChange}
        pending={roleChange !== null && busyId === roleChange.member.user_id}
        onCancel={() => setRoleChange(null)}
        onConfirm={() => roleChange && void change(roleChange.member, roleChange.role)}
      />
      <RemoveMemberDialog
        member={removing}
        removing={busyId !== null && removing !== null}
        onCancel={() => setRemoving(null)}
        onConfirm={() => void remove()}
      />
    </>
  );
}
