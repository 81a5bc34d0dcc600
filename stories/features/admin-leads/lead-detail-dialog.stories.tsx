import { msg } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { LeadDetailDialog } from "@/features/admin-leads/components/lead-detail-dialog";
import { intlLocale } from "@/lib/i18n/locale";
import { localeOf, translator } from "../../support/i18n";
import { sampleDetail, sampleOwners, samplePeople } from "./fixtures";
import { browserTimeZone, formatZoned } from "@/lib/staff-clock/staff-clock";

const reply = { whatsapp: "Hello Layla, this is the Wasla team.", subject: "Your enquiry to Wasla" };

const meta = {
  title: "Admin/Leads/LeadDetailDialog",
  component: LeadDetailDialog,
  args: {
    open: true,
    status: "ready",
    detail: sampleDetail,
    owners: sampleOwners,
    pending: null,
    saveError: null,
    notesSaved: 0,
    reply,
    onChange: fn(),
    onRetry: fn(),
    onClose: fn(),
  },
  parameters: { route: "/admin/leads" },
} satisfies Meta<typeof LeadDetailDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A won lead: one-tap contact, status and owner, the whole timeline, both submissions. */
export const Worked: Story = {
  play: async (context) => {
    const t = translator(context);
    const dialog = within(await within(document.body).findByRole("dialog"));
    await expect(dialog.getByRole("link", { name: t(msg`WhatsApp`) })).toHaveAttribute(
      "href",
      `https://wa.me/971501234567?text=${encodeURIComponent(reply.whatsapp)}`,
    );
    await expect(dialog.getByRole("link", { name: t(msg`Call`) })).toHaveAttribute("href", "tel:+971501234567");
    await expect(dialog.getByRole("link", { name: t(msg`Email`) })).toHaveAttribute(
      "href",
      `mailto:layla@example.ae?subject=${encodeURIComponent(reply.subject)}`,
    );
    // The phone grouped and kept left to right (the Arabic view reads "+971 50 123 4567", not "971…+");
    // the country named in the admin's language.
    const phone = dialog.getByTestId("lead-phone");
    await expect(phone).toHaveTextContent("+971 50 123 4567");
    await expect(phone).toHaveAttribute("dir", "ltr");
    const intl = intlLocale[localeOf(context)];
    await expect(dialog.getByTestId("lead-country")).toHaveTextContent(new Intl.DisplayNames([intl], { type: "region" }).of("AE")!);
    const timeline = dialog.getByRole("list", { name: t(msg`Timeline`) });
    await expect(timeline.querySelectorAll("li")).toHaveLength(7);
    await userEvent.selectOptions(dialog.getByLabelText(t(msg`Status`)), "lost");
    await expect(context.args.onChange).toHaveBeenCalledWith({ kind: "status", status: "lost" });
  },
};

/** Assign an owner and add a note. */
export const AssignAndNote: Story = {
  play: async (context) => {
    const t = translator(context);
    const dialog = within(await within(document.body).findByRole("dialog"));
    await userEvent.selectOptions(dialog.getByLabelText(t(msg({ message: "Owner", context: "lead owner" }))), sampleOwners[0]!.user_id);
    await expect(context.args.onChange).toHaveBeenCalledWith({ kind: "owner", ownerId: sampleOwners[0]!.user_id });
    await userEvent.type(dialog.getByLabelText(t(msg`Add a note`)), "Sunday");
    await userEvent.click(dialog.getByRole("button", { name: t(msg`Add note`) }));
    await expect(context.args.onChange).toHaveBeenCalledWith({ kind: "note", body: "Sunday" });
  },
};

/** A new lead past its 24 hours: flagged with the time it was due, in Dubai time, in the admin's language. */
export const Overdue: Story = {
  args: {
    detail: {
      lead: samplePeople[0]!,
      submissions: [
        {
          ...sampleDetail.submissions[0]!,
          payload: {
            fullName: "Ethan Clarke",
            email: "ethan@example.ca",
            phone: "+14165550100",
            demoDate: "2026-03-02",
            demoTime: "09:30",
          },
          time_zone: "America/Toronto",
        },
      ],
      events: [sampleDetail.events.at(-1)!],
      notes: [],
    },
  },
  play: async (context) => {
    const t = translator(context);
    // Since it arrived (or was set back to new), not since it fell due; on the member's clock, with its zone
    // named (no profile in a story: the browser's zone).
    const since = samplePeople[0]!.status_changed_at;
    const shown = formatZoned(new Date(since), browserTimeZone(), localeOf(context));
    const dialog = await within(document.body).findByRole("dialog");
    await expect(dialog).toHaveTextContent(t(msg`Waiting for a reply since ${String(shown)}: 24 hours have passed.`));
  },
};
export const Saving: Story = { args: { pending: { kind: "note", body: "x" } } };
export const SaveFailed: Story = { args: { saveError: "permission denied" } };
export const Loading: Story = { args: { status: "loading", detail: null } };
export const Failed: Story = {
  args: { status: "failed", detail: null },
  play: async (context) => {
    const t = translator(context);
    const dialog = within(await within(document.body).findByRole("dialog"));
    await userEvent.click(dialog.getByRole("button", { name: t(msg`Try again`) }));
    await waitFor(() => expect(context.args.onRetry).toHaveBeenCalled());
  },
};
export const Missing: Story = { args: { status: "missing", detail: null } };
/** A person with no phone: no WhatsApp or call buttons. */
export const EmailOnly: Story = { args: { detail: { lead: samplePeople[2]!, submissions: [], events: [], notes: [] } } };

/**
 * Stored codes in words, in the admin's language: the sales lead's group ("UAE"), the article booking's
 * country ("uae") and the consent record ({version, marketing}) instead of JSON.
 */
export const StoredValues: Story = {
  args: {
    detail: {
      ...sampleDetail,
      submissions: [
        {
          ...sampleDetail.submissions[1]!,
          payload: { ...sampleDetail.submissions[1]!.payload, consent: { version: "2026-11-23", marketing: true } },
        },
        {
          ...sampleDetail.submissions[0]!,
          id: "s-article",
          payload: {
            fullName: "ليلى حداد",
            email: "layla@example.ae",
            phone: "+971501234567",
            country: "uae",
            consent: { version: "2026-11-23" },
          },
        },
      ],
    },
  },
  play: async (context) => {
    const t = translator(context);
    const dialog = await within(document.body).findByRole("dialog");
    const d = within(dialog);
    await expect(dialog).not.toHaveTextContent(/[{}]|"version"/);
    await expect(d.queryByText("uae")).toBeNull();
    await expect(d.getByText(t(msg`UAE`))).toBeInTheDocument();
    // (the lead's own country above the submissions is named by the browser, possibly in the same words)
    await expect(d.getAllByText(t(msg`United Arab Emirates`)).some((el) => el.tagName === "DD")).toBe(true);
    const consent = d.getAllByText(t(msg`Marketing email consent`));
    await expect(consent).toHaveLength(2);
    await expect(consent[0]!.nextElementSibling).toHaveTextContent(t(msg`Yes`));
    await expect(consent[1]!.nextElementSibling).toHaveTextContent(t(msg`No`));
    await expect(d.getAllByText("2026-11-23")).toHaveLength(2);
  },
};

/** The note's author: "Edit note" opens its text in place; saving sends the new text; Cancel keeps it. */
export const EditOwnNote: Story = {
  args: { me: { id: sampleOwners[1]!.user_id, role: "sales" } },
  play: async (context) => {
    const t = translator(context);
    const dialog = within(await within(document.body).findByRole("dialog"));
    await userEvent.click(dialog.getByRole("button", { name: t(msg`Edit note`) }));
    const text = dialog.getByLabelText(t(msg`Note text`));
    await waitFor(() => expect(text).toHaveFocus());
    await expect(text).toHaveValue(sampleDetail.notes[0]!.body);
    await expect(dialog.getByRole("button", { name: t(msg`Save note`) })).toBeDisabled();
    await userEvent.clear(text);
    await userEvent.type(text, "تريد العرض يوم الاثنين");
    await userEvent.click(dialog.getByRole("button", { name: t(msg`Save note`) }));
    await expect(context.args.onChange).toHaveBeenCalledWith({ kind: "noteEdit", noteId: "note-1", body: "تريد العرض يوم الاثنين" });
    await userEvent.click(dialog.getByRole("button", { name: t(msg`Cancel`) }));
    await waitFor(() => expect(dialog.getByRole("button", { name: t(msg`Edit note`) })).toHaveFocus());
  },
};

/** An owner may edit anyone's note; an edited note says so, with the time. */
export const EditedNoteAsOwner: Story = {
  args: {
    me: { id: sampleOwners[0]!.user_id, role: "owner" },
    detail: { ...sampleDetail, notes: [{ ...sampleDetail.notes[0]!, edited_at: "2026-02-27T18:30:00Z" }] },
  },
  play: async (context) => {
    const t = translator(context);
    const dialog = within(await within(document.body).findByRole("dialog"));
    await waitFor(() => expect(dialog.getByTestId("note-edited")).toBeVisible());
    await expect(dialog.getByRole("button", { name: t(msg`Edit note`) })).toBeVisible();
  },
};

/** Another sales person's note: no edit button (the database refuses it too). */
export const SomeoneElsesNote: Story = {
  args: { me: { id: "5f1d0c5e-0000-4000-8000-000000000009", role: "sales" } },
  play: async (context) => {
    const t = translator(context);
    const dialog = within(await within(document.body).findByRole("dialog"));
    await expect(dialog.queryByRole("button", { name: t(msg`Edit note`) })).toBeNull();
  },
};
