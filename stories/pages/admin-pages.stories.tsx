import { type MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Container, Stack } from "@chakra-ui/react";
import { Trans } from "@lingui/react/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { type ReactNode, useEffect, useMemo, useState } from "react";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { fromPromise } from "xstate";
import { AgendaContainer } from "@/features/admin-agenda/components/agenda-container";
import type { AgendaEntry } from "@/features/admin-agenda/api/agenda";
import { TeamAdminContainer } from "@/features/admin-team/components/team-admin-container";
import type { TeamMember } from "@/features/admin-team/api/list-team";
import { DEFAULT_AVAILABILITY, addDays, dateInZone, slotsOfDay, zonedInstant } from "@/lib/booking/availability";
import { setSupabaseForTesting } from "@/lib/supabase/client";
import type { TeamRole } from "@/lib/database.types";
import { LeadsInboxContainer } from "@/features/admin-leads/components/leads-inbox-container";
import { LeadsDashboardView } from "@/features/admin-leads/components/leads-dashboard-card";
import { MyLeadsView } from "@/features/admin-leads/components/my-leads-card";
import { AdminScreen } from "@/components/layout/screen-header";
import { leadsInboxMachine } from "@/features/admin-leads/machines/leads-inbox.machine";
import { Dashboard } from "@/features/admin-posts/components/dashboard";
import { PostEditorContainer } from "@/features/admin-posts/components/post-editor-container";
import { PostsTableContainer } from "@/features/admin-posts/components/posts-table-container";
import { postEditorMachine } from "@/features/admin-posts/machines/post-editor.machine";
import { postsTableMachine } from "@/features/admin-posts/machines/posts-table.machine";
import { type AdminPost, type AdminPostSummary, optionsMatching, postStatus } from "@/features/admin-posts/schemas/post";
import { loadI18n } from "@/lib/i18n/catalogs";
import { AdminShell } from "@/features/auth/components/admin-shell";
import { AdminToaster, notifyWithAdminToaster } from "@/features/auth/components/admin-toaster";
import { onMobile, responsiveModes } from "../../.storybook/modes";
import { sampleOwners, samplePeople } from "../features/admin-leads/fixtures";
import { STORY_NOW, samplePosts, sampleTranslations } from "../features/admin-posts/fixtures";
import { type Locale, localizePath } from "@/lib/i18n/locale";
import { OWNER_ID, sampleTeam } from "../features/admin-team/fixtures";
import { fakeSupabase } from "../support/fake-supabase";
import { localeOf, translator } from "../support/i18n";

/**
 * The admin screens as a signed-in admin sees them: the shell (section links, language toggle, Sign
 * Out) around each page's real container, whose machine is given in-memory actors instead of Supabase.
 * Deleting, saving and filtering work against the sample data; the toasts are the app's own.
 */
const EMAIL = "layla.haddad@wasla.ae";

function Page({ children, memberRole }: { children: ReactNode; memberRole?: TeamRole }) {
  return (
    <>
      <AdminShell email={EMAIL} role={memberRole} onSignOut={fn()}>
        {children}
      </AdminShell>
      <AdminToaster />
    </>
  );
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 150));

function PostsPage({ locale }: { locale: Locale }) {
  const [logic] = useState(() => {
    const t = translator({ globals: { locale } });
    let posts: AdminPostSummary[] = [...samplePosts];
    return postsTableMachine.provide({
      actors: {
        // The database's filters, done in memory: search by title, slug and either language's labels, status, language.
        loadPosts: fromPromise(async ({ input }) => {
          await tick();
          const q = input.search.trim().toLocaleLowerCase();
          const { categories, countries } = optionsMatching(q, await Promise.all([loadI18n("ar"), loadI18n("en")]));
          const rows = posts.filter(
            (p) =>
              (!q ||
                p.title.toLocaleLowerCase().includes(q) ||
                p.slug.includes(q) ||
                (categories as string[]).includes(p.category) ||
                (countries as string[]).includes(p.country)) &&
              (input.status === "all" || postStatus(p, STORY_NOW) === input.status) &&
              (input.language === "all" || p.language === input.language),
          );
          return { rows, total: rows.length, translations: sampleTranslations };
        }),
        deletePost: fromPromise(async ({ input }) => {
          await tick();
          posts = posts.filter((p) => p.id !== input.post.id);
        }),
      },
      actions: {
        notifyDeleted: (_, { title }) => notifyWithAdminToaster({ type: "success", title: t(msg`"${title}" has been deleted.`) }),
        notifyDeleteFailed: () => notifyWithAdminToaster({ type: "error", title: t(msg`Failed to delete post. Please try again.`) }),
      },
    });
  });
  return <PostsTableContainer notify={notifyWithAdminToaster} logic={logic} now={() => STORY_NOW} />;
}

const fullPost = (summary: AdminPostSummary): AdminPost => ({
  ...summary,
  content: "<p>Prices held steady across Dubai Marina and Downtown, while rents in JVC rose 8% year on year.</p>",
  updated_at: summary.created_at,
  meta_title: null,
  meta_description: null,
  hero_image_alt: null,
  version: 1,
});

function EditorPage({ id, locale }: { id: string | null; locale: Locale }) {
  const t = translator({ globals: { locale } });
  const logic = useMemo(
    () =>
      postEditorMachine.provide({
        actors: {
          loadPost: fromPromise(async ({ input }) => {
            await tick();
            const post = fullPost(samplePosts.find((p) => p.id === input.id) ?? samplePosts[0]!);
            return { post, translation: sampleTranslations[post.id] ?? null };
          }),
          savePost: fromPromise(async ({ input }) => {
            await tick();
            const now = new Date().toISOString();
            return {
              ...fullPost(samplePosts[0]!),
              ...input.values,
              id: input.id ?? "p-new",
              slug: input.values.slug || "new-post",
              created_at: input.previous?.created_at ?? now,
              updated_at: now,
            };
          }),
        },
        actions: {
          notifySaved: (_, { created }) =>
            notifyWithAdminToaster({
              type: "success",
              title: created ? t(msg`Post created successfully.`) : t(msg`Post updated successfully.`),
            }),
          notifySaveFailed: () => notifyWithAdminToaster({ type: "error", title: t(msg`Failed to save post. Please try again.`) }),
        },
      }),
    [t],
  );
  const upload = async () => "/favicon.svg";
  return <PostEditorContainer id={id} notify={notifyWithAdminToaster} logic={logic} upload={upload} now={() => STORY_NOW} />;
}

function LeadsPage() {
  const [logic] = useState(() =>
    leadsInboxMachine.provide({
      actors: { loadLeads: fromPromise(async () => (await tick(), { rows: samplePeople, total: samplePeople.length })) },
    }),
  );
  return <LeadsInboxContainer logic={logic} loadOwners={async () => sampleOwners} />;
}

/**
 * Admin → Team against an in-memory team: the real container and API helpers over supabase-js, whose
 * fetch answers like PostgREST (rpc team_members, PATCH/DELETE administrators) and the team-invite
 * function (409 for a member's address).
 */
function TeamPage() {
  const [client] = useState(() => {
    let team: TeamMember[] = sampleTeam.map((m) => ({ ...m }));
    return fakeSupabase(({ method, path, query, body }) => {
      if (path === "/rest/v1/rpc/team_members") return { body: team };
      if (path === "/functions/v1/team-invite") {
        const invite = body as { email: string; role: TeamRole };
        if (team.some((m) => m.email === invite.email)) return { status: 409, body: { error: "already_member" } };
        team = [
          ...team,
          {
            user_id: crypto.randomUUID(),
            email: invite.email,
            role: invite.role,
            status: "invited",
            created_at: new Date().toISOString(),
            accepted_at: null,
            last_sign_in_at: null,
            market_ids: null,
            away: false,
            time_zone: null,
            locale: null,
          },
        ];
        return { body: { ok: true } };
      }
      if (path === "/rest/v1/administrators") {
        const id = (query.get("user_id") ?? "").replace(/^eq\./, "");
        if (method === "PATCH") team = team.map((m) => (m.user_id === id ? { ...m, role: (body as { role: TeamRole }).role } : m));
        if (method === "DELETE") team = team.filter((m) => m.user_id !== id);
        return { body: [{ user_id: id }] };
      }
      return { status: 404, body: { message: `no fake for ${method} ${path}` } };
    });
  });
  return <TeamAdminContainer currentUserId={OWNER_ID} notify={notifyWithAdminToaster} client={async () => client} />;
}

/** Today's date on the business clock, and a booking on it (or a later day) at a Dubai time. */
const businessToday = () => dateInZone(new Date(), DEFAULT_AVAILABILITY.timeZone);
const booking = (id: string, day: number, time: string, row: Partial<AgendaEntry>): AgendaEntry => ({
  id,
  submission_id: `s-${id}`,
  lead_id: `l-${id}`,
  market_id: "uae",
  market_time_zone: "Asia/Dubai",
  rescheduled_at: null,
  rescheduled_by_email: null,
  cancelled_by_email: null,
  cancel_reason: null,
  assignee_id: null,
  assignee_email: null,
  created_at: new Date().toISOString(),
  starts_at: zonedInstant(addDays(businessToday(), day), time, DEFAULT_AVAILABILITY.timeZone).toISOString(),
  duration_minutes: 30,
  status: "confirmed",
  visitor_time_zone: "Asia/Dubai",
  locale: "en",
  full_name: "",
  email: "",
  phone: "",
  company: "",
  notes: null,
  rescheduled_from: null,
  cancelled_at: null,
  page_path: "/",
  ...row,
});

/**
 * Admin → Agenda against an in-memory calendar (the real container): today's and this week's demos
 * around the story's own date, the booking-slots function for settings and free times, and the
 * cancel/reschedule RPCs.
 */
function AgendaPage() {
  const [client] = useState(() => {
    let rows: AgendaEntry[] = [
      booking("a1", 1, "10:00", {
        full_name: "Sophie Martin",
        email: "sophie@northrealty.ca",
        phone: "+14165550199",
        company: "North Realty",
        visitor_time_zone: "America/Toronto",
      }),
      booking("a2", 1, "12:30", {
        full_name: "ليلى حداد",
        email: "layla@dunesrealty.ae",
        phone: "+971501234567",
        company: "Dunes Realty",
        locale: "ar",
      }),
      booking("a3", 2, "09:00", {
        full_name: "Ethan Clarke",
        email: "ethan@coastrealty.ca",
        phone: "+16045550100",
        visitor_time_zone: "America/Vancouver",
      }),
    ];
    const a = DEFAULT_AVAILABILITY;
    return fakeSupabase(({ path, query, body }) => {
      if (path === "/functions/v1/booking-slots") {
        const today = businessToday();
        const settings = {
          timeZone: a.timeZone,
          workingDays: [...a.workingDays],
          slotMinutes: 30,
          horizonDays: 365,
          today,
          firstDay: addDays(today, 1),
        };
        const date = query.get("date");
        if (!date) return { body: settings };
        const taken = new Set(rows.filter((r) => r.status === "confirmed").map((r) => r.starts_at));
        return { body: { ...settings, date, slots: slotsOfDay(date, new Date(), a).map((s) => ({ ...s, free: !taken.has(s.start) })) } };
      }
      if (path === "/rest/v1/rpc/booking_agenda_page") {
        const { p_from, p_to, p_status } = body as { p_from?: string; p_to?: string; p_status?: string };
        const from = p_from ? Date.parse(p_from) : -Infinity;
        const to = p_to ? Date.parse(p_to) : Infinity;
        return {
          body: rows
            .filter((r) => Date.parse(r.starts_at) >= from && Date.parse(r.starts_at) < to && (!p_status || r.status === p_status))
            .sort((x, y) => x.starts_at.localeCompare(y.starts_at)),
        };
      }
      if (path === "/rest/v1/rpc/cancel_booking") {
        const { p_id } = body as { p_id: string };
        rows = rows.map((r) => (r.id === p_id ? { ...r, status: "cancelled", cancelled_at: new Date().toISOString() } : r));
        return { status: 204 };
      }
      if (path === "/rest/v1/rpc/reschedule_booking") {
        const { p_id, p_starts_at } = body as { p_id: string; p_starts_at: string };
        rows = rows.map((r) => (r.id === p_id ? { ...r, rescheduled_from: r.starts_at, starts_at: p_starts_at } : r));
        return { status: 204 };
      }
      return { status: 404, body: { message: `no fake for ${path}` } };
    });
  });
  // The agenda reads the app's client (getSupabase); the story installs its own until it unmounts.
  const [ready, setReady] = useState(false);
  useEffect(() => {
    setSupabaseForTesting(client);
    setReady(true);
    return () => setSupabaseForTesting(null);
  }, [client]);
  return ready ? <AgendaContainer /> : null;
}

const meta = {
  title: "Pages/Admin",
  component: Page,
  args: { children: null },
  parameters: { chromatic: { modes: responsiveModes } },
} satisfies Meta<typeof Page>;
export default meta;
type Story = StoryObj<typeof meta>;

/** /admin for a sales member: their own leads, the team's week and the day's demos; no posts, no links they cannot open. */
export const SalesDashboardPage: Story = {
  name: "Dashboard (sales)",
  parameters: { route: "/admin" },
  render: () => (
    <Page memberRole="sales">
      <AdminScreen
        title={<Trans>Dashboard</Trans>}
        description={
          <Trans>
            Welcome, <bdi>{EMAIL}</bdi>
          </Trans>
        }
      >
        <MyLeadsView userId="5f1d0c5e-0000-4000-8000-000000000002" data={{ all: 14, fresh: 3, overdue: 2 }} />
        <LeadsDashboardView
          weekStart="2026-11-23"
          data={{
            total: 5,
            byStatus: { new: 2, contacted: 1, won: 1, spam: 1 },
            byFormType: { sales_lead: 3, demo_booking: 1 },
            byChannel: { whatsapp: 2, organic_search: 1, paid_search: 1, unknown: 1 },
            byPage: [{ path: "/contact", count: 3 }],
            subscribers: 2,
            overdue: 1,
          }}
        />
      </AdminScreen>
    </Page>
  ),
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await expect(c.getByRole("heading", { level: 2, name: t(msg`My leads`) })).toBeInTheDocument();
    await expect(c.queryByRole("link", { name: t(msg`Manage Posts`) })).toBeNull();
  },
};

/** /admin: counts, the latest posts and the new-leads card. */
export const DashboardPage: Story = {
  name: "Dashboard",
  parameters: { route: "/admin" },
  render: () => (
    <Page>
      <Dashboard email={EMAIL} counts={{ total: 4, published: 2, scheduled: 1, drafts: 1 }} recent={samplePosts} />
      <LeadsDashboardView
        weekStart="2026-11-23"
        data={{
          total: 5,
          byStatus: { new: 2, contacted: 1, won: 1, spam: 1 },
          byFormType: { sales_lead: 3, demo_booking: 1 },
          byChannel: { whatsapp: 2, organic_search: 1, paid_search: 1, unknown: 1 },
          byPage: [
            { path: "/contact", count: 3 },
            { path: "/", count: 1 },
          ],
          subscribers: 2,
          overdue: 1,
        }}
      />
    </Page>
  ),
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await expect(c.getByRole("link", { name: t(msg`Dashboard`) })).toHaveAttribute("aria-current", "page");
    await expect(c.getByRole("link", { name: t(msg`Manage Posts`) })).toHaveAttribute(
      "href",
      localizePath("/admin/posts", localeOf(context)),
    );
  },
};

const weekData = {
  total: 5,
  byStatus: { new: 2, contacted: 1, won: 1, spam: 1 },
  byFormType: { sales_lead: 3, demo_booking: 1 },
  byChannel: { whatsapp: 2, organic_search: 1, paid_search: 1, unknown: 1 },
  byPage: [{ path: "/contact", count: 3 }],
  subscribers: 2,
  overdue: 1,
};

/** Each role's home as its member sees it: owners (posts and leads), editors (posts), sales (their leads). */
function RoleDashboard({ memberRole }: { memberRole: TeamRole }) {
  const leads = memberRole !== "editor";
  const posts = memberRole !== "sales";
  return (
    <Page memberRole={memberRole}>
      {posts ? <Dashboard email={EMAIL} counts={{ total: 4, published: 2, scheduled: 1, drafts: 1 }} recent={samplePosts} /> : null}
      {leads && posts ? (
        <Container maxW="7xl" pb="8">
          <Stack gap="6">
            <MyLeadsView userId="5f1d0c5e-0000-4000-8000-000000000002" data={{ all: 14, fresh: 3, overdue: 2 }} />
            <LeadsDashboardView weekStart="2026-11-23" data={weekData} />
          </Stack>
        </Container>
      ) : leads ? (
        <AdminScreen
          title={<Trans>Dashboard</Trans>}
          description={
            <Trans>
              Welcome, <bdi>{EMAIL}</bdi>
            </Trans>
          }
        >
          <MyLeadsView userId="5f1d0c5e-0000-4000-8000-000000000002" data={{ all: 14, fresh: 3, overdue: 2 }} />
          <LeadsDashboardView weekStart="2026-11-23" data={weekData} />
        </AdminScreen>
      ) : null}
    </Page>
  );
}

/**
 * A 390 px phone: the header is one line (wordmark and "Menu", at most 64 px) and the first card shows
 * right under it; "Menu" opens the sections the role may open, 44 px each, and Escape closes it.
 */
const phoneDashboard = (memberRole: TeamRole, sections: MessageDescriptor[], hidden: MessageDescriptor[]): Story => ({
  name: `Dashboard (${memberRole}, 390 px)`,
  globals: onMobile,
  parameters: { route: "/admin" },
  render: () => <RoleDashboard memberRole={memberRole} />,
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    const doc = canvasElement.ownerDocument.documentElement;
    await expect(doc.scrollWidth).toBeLessThanOrEqual(doc.clientWidth);
    await expect(c.getByTestId("admin-header").getBoundingClientRect().height).toBeLessThanOrEqual(64);
    const menu = c.getByRole("button", { name: t(msg`Menu`) });
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await expect(c.queryByRole("navigation", { name: t(msg`Administration`) })).toBeNull();
    await userEvent.click(menu);
    const nav = c.getByRole("navigation", { name: t(msg`Administration`) });
    for (const name of sections) {
      const link = within(nav).getByRole("link", { name: t(name) });
      await expect(link.getBoundingClientRect().height).toBeGreaterThanOrEqual(44);
    }
    for (const name of hidden) await expect(within(nav).queryByRole("link", { name: t(name) })).toBeNull();
    await expect(c.getByRole("button", { name: t(msg`Sign Out`) }).getBoundingClientRect().height).toBeGreaterThanOrEqual(44);
    await userEvent.keyboard("{Escape}");
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await expect(menu).toHaveFocus();
  },
});

export const OwnerDashboardPhone = phoneDashboard("owner", [msg`Dashboard`, msg`Posts`, msg`Leads`, msg`Team`], []);
export const EditorDashboardPhone = phoneDashboard("editor", [msg`Dashboard`, msg`Posts`], [msg`Leads`, msg`Mail`]);
export const SalesDashboardPhone = phoneDashboard("sales", [msg`Dashboard`, msg`Leads`, msg`Agenda`], [msg`Posts`, msg`Team`]);

/** /admin for an editor at desktop width: the posts only. */
export const EditorDashboardPage: Story = {
  name: "Dashboard (editor)",
  parameters: { route: "/admin" },
  render: () => <RoleDashboard memberRole="editor" />,
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await expect(c.getByRole("link", { name: t(msg`Manage Posts`) })).toBeVisible();
    await expect(c.queryByRole("heading", { name: t(msg`My leads`) })).toBeNull();
  },
};

/** /admin for an owner at desktop width: posts, their own leads and the team's week. */
export const OwnerDashboardPage: Story = {
  name: "Dashboard (owner)",
  parameters: { route: "/admin" },
  render: () => <RoleDashboard memberRole="owner" />,
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await expect(c.getByRole("link", { name: t(msg`Manage Posts`) })).toBeVisible();
    await expect(c.getByRole("heading", { level: 2, name: t(msg`My leads`) })).toBeVisible();
  },
};

/** /admin/posts: search, then delete a post through the confirmation; the list and a toast update. */
export const PostsPage_: Story = {
  name: "Posts",
  parameters: { route: "/admin/posts" },
  render: (_, context) => (
    <Page>
      <PostsPage locale={localeOf(context)} />
    </Page>
  ),
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    const body = within(document.body);
    const postTitle = samplePosts[2]!.title;
    const title = postTitle;
    const del = await c.findByRole("button", { name: t(msg`Delete: ${postTitle}`) }, { timeout: 5000 });
    await userEvent.click(del);
    const dialog = await body.findByRole("alertdialog");
    await userEvent.click(within(dialog).getByRole("button", { name: t(msg`Delete`) }));
    await waitFor(() => expect(body.getByText(t(msg`"${title}" has been deleted.`))).toBeVisible());
    await waitFor(() => expect(c.queryByRole("button", { name: t(msg`Delete: ${postTitle}`) })).toBeNull());
  },
};

/** /admin/posts: the Arabic label `كندا` finds the Canada posts, whatever the admin's language; the address keeps the search. */
export const PostsSearch: Story = {
  name: "Posts search",
  parameters: { route: "/admin/posts" },
  render: (_, context) => (
    <Page>
      <PostsPage locale={localeOf(context)} />
    </Page>
  ),
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await waitFor(() => expect(c.getAllByTestId("post-row")).toHaveLength(samplePosts.length), { timeout: 5000 });
    await userEvent.click(c.getByRole("searchbox", { name: t(msg`Search posts`) }));
    await userEvent.paste("كندا");
    await waitFor(() => expect(c.getAllByTestId("post-row")).toHaveLength(2));
    await expect(c.getByText(samplePosts[2]!.title)).toBeInTheDocument();
    await expect(c.getByText(samplePosts[3]!.title)).toBeInTheDocument();
    await waitFor(() => expect(new URLSearchParams(window.location.search).get("q")).toBe("كندا"));
    await userEvent.selectOptions(c.getByRole("combobox", { name: t(msg`Status`) }), "scheduled");
    await waitFor(() => expect(c.getAllByTestId("post-row")).toHaveLength(1));
    await expect(c.getByText(samplePosts[3]!.title)).toBeInTheDocument();
  },
};

/** /admin/posts on a 390 px phone: each row keeps its title, status and actions. */
export const PostsPhone: Story = {
  name: "Posts on a phone",
  globals: onMobile,
  parameters: { route: "/admin/posts" },
  render: (_, context) => (
    <Page>
      <PostsPage locale={localeOf(context)} />
    </Page>
  ),
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    const postTitle = samplePosts[0]!.title;
    await expect(await c.findByRole("link", { name: t(msg`Edit: ${postTitle}`) }, { timeout: 5000 })).toBeVisible();
    await expect(c.getByRole("button", { name: t(msg`Delete: ${postTitle}`) })).toBeVisible();
    await expect(c.getByText(postTitle)).toBeVisible();
  },
};

/** /admin/posts/p1/edit: the post loads into the form; Update Post saves and confirms. */
export const EditorPage_: Story = {
  name: "Editor",
  parameters: { route: "/admin/posts/p1/edit" },
  render: (_, context) => (
    <Page>
      <EditorPage id="p1" locale={localeOf(context)} />
    </Page>
  ),
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await waitFor(() => expect(c.getByRole("textbox", { name: new RegExp(`^${t(msg`Title`)}`) })).toHaveValue(samplePosts[0]!.title), {
      timeout: 5000,
    });
    await userEvent.click(c.getByRole("button", { name: t(msg`Update Post`) }));
    await waitFor(() => expect(within(document.body).getByText(t(msg`Post updated successfully.`))).toBeVisible());
  },
};

/** /admin/posts/new: an empty form. */
export const NewPostPage: Story = {
  name: "New post",
  parameters: { route: "/admin/posts/new" },
  render: (_, context) => (
    <Page>
      <EditorPage id={null} locale={localeOf(context)} />
    </Page>
  ),
};

/** /admin/leads: one row per person, newest first, the overdue one flagged; a row opens the lead. */
export const LeadsPage_: Story = {
  name: "Leads",
  parameters: { route: "/admin/leads" },
  render: () => (
    <Page>
      <LeadsPage />
    </Page>
  ),
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await expect(await c.findByRole("link", { name: t(msg`Leads`) })).toHaveAttribute("aria-current", "page");
    await waitFor(() => expect(c.getAllByRole("row").length).toBeGreaterThan(samplePeople.length));
  },
};

/** /admin/team (owners): the members from the database; change a role (confirmed first), remove someone (each confirmed by a toast). */
export const TeamPage_: Story = {
  name: "Team",
  parameters: { route: "/admin/team" },
  render: () => (
    <Page memberRole="owner">
      <TeamPage />
    </Page>
  ),
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    const body = within(document.body);
    await expect(c.getByRole("link", { name: t(msg`Team`) })).toHaveAttribute("aria-current", "page");
    await waitFor(() => expect(c.getAllByTestId("team-member")).toHaveLength(sampleTeam.length), { timeout: 5000 });
    let email = sampleTeam[1]!.email;
    const name = t(msg`Sales`);
    await userEvent.selectOptions(c.getByLabelText(t(msg`Role of ${email}`)), "sales");
    // A role changes once confirmed.
    const roleDialog = await body.findByRole("alertdialog");
    await userEvent.click(within(roleDialog).getByRole("button", { name: t(msg`Change the role`) }));
    await waitFor(() => expect(body.getByText(t(msg`${email} is now ${name}.`))).toBeInTheDocument(), { timeout: 5000 });
    email = sampleTeam[3]!.email;
    await userEvent.click(c.getByRole("button", { name: t(msg`Remove ${email}`) }));
    const confirm = await body.findByRole("alertdialog");
    await userEvent.click(within(confirm).getByRole("button", { name: t(msg`Remove`) }));
    await waitFor(() => expect(body.getByText(t(msg`${email} was removed from the team.`))).toBeInTheDocument(), { timeout: 5000 });
    await waitFor(() => expect(c.getAllByTestId("team-member")).toHaveLength(sampleTeam.length - 1), { timeout: 5000 });
  },
};

/** /admin/team: inviting someone who is already a member is refused in the dialog; a new address is invited and listed. */
export const TeamInvite: Story = {
  name: "Team invite",
  parameters: { route: "/admin/team" },
  render: () => (
    <Page memberRole="owner">
      <TeamPage />
    </Page>
  ),
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    const body = within(document.body);
    await waitFor(() => expect(c.getAllByTestId("team-member")).toHaveLength(sampleTeam.length), { timeout: 5000 });
    await userEvent.click(c.getByRole("button", { name: t(msg`Invite`) }));
    const dialog = within(await body.findByRole("dialog"));
    const emailField = dialog.getByLabelText(new RegExp(`^${t(msg`Email`)}`));
    await userEvent.click(emailField);
    await userEvent.paste(sampleTeam[2]!.email);
    await userEvent.click(dialog.getByRole("button", { name: t(msg`Send the invitation`) }));
    await expect(await dialog.findByText(t(msg`This person is already a member of the team.`), {}, { timeout: 5000 })).toBeVisible();
    await userEvent.clear(emailField);
    await userEvent.paste("new.hire@wasla.ae");
    await userEvent.click(dialog.getByRole("button", { name: t(msg`Send the invitation`) }));
    const email = "new.hire@wasla.ae";
    // Queued, not sent: the message waits in the outbox until the mail worker can send it.
    await waitFor(
      () =>
        expect(
          body.getByText(t(msg`Invitation to ${email} is waiting to be sent: it leaves shortly, or once mail is configured.`)),
        ).toBeInTheDocument(),
      { timeout: 5000 },
    );
    await waitFor(() => expect(c.getAllByTestId("team-member")).toHaveLength(sampleTeam.length + 1), { timeout: 5000 });
  },
};

/** /admin/agenda (owners and sales): this week's demos (two tomorrow, one later); cancelling one updates the list and says so. */
export const AgendaPage_: Story = {
  name: "Agenda",
  parameters: { route: "/admin/agenda" },
  render: () => (
    <Page memberRole="sales">
      <AgendaPage />
    </Page>
  ),
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await expect(c.getByRole("link", { name: t(msg`Agenda`) })).toHaveAttribute("aria-current", "page");
    await expect(c.queryByRole("link", { name: t(msg`Team`) })).toBeNull();
    await waitFor(() => expect(c.getAllByTestId("agenda-item")).toHaveLength(3), { timeout: 5000 });
    const name = "Sophie Martin";
    await userEvent.click(c.getByRole("button", { name: t(msg`Cancel the demo with ${name}`) }));
    const dialog = within(await within(document.body).findByRole("alertdialog"));
    await userEvent.click(dialog.getByRole("button", { name: t(msg`Cancel the demo`) }));
    const nameOf = (n: string) => n;
    await expect(
      await c.findByText(t(msg`Demo with ${nameOf(name)} cancelled. They have been emailed.`), {}, { timeout: 5000 }),
    ).toBeVisible();
    // The list is read again: Sophie's demo stays, marked cancelled, with nothing left to change.
    await waitFor(() => expect(c.getByText(t(msg`Cancelled`), { selector: "span" })).toBeInTheDocument(), { timeout: 5000 });
    await expect(c.queryByRole("button", { name: t(msg`Cancel the demo with ${name}`) })).toBeNull();
  },
};
