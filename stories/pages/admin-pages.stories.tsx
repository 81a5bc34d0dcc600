import { msg } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { type ReactNode, useMemo, useState } from "react";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { fromPromise } from "xstate";
import { LeadsInboxContainer } from "@/features/admin-leads/components/leads-inbox-container";
import { LeadsDashboardView } from "@/features/admin-leads/components/leads-dashboard-card";
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
import type { Locale } from "@/lib/i18n/locale";
import { localeOf, translator } from "../support/i18n";

/**
 * The admin screens as a signed-in admin sees them: the shell (section links, language toggle, Sign
 * Out) around each page's real container, whose machine is given in-memory actors instead of Supabase.
 * Deleting, saving and filtering work against the sample data; the toasts are the app's own.
 */
const EMAIL = "layla.haddad@wasla.ae";

function Page({ children }: { children: ReactNode }) {
  return (
    <>
      <AdminShell email={EMAIL} onSignOut={fn()}>
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
              (!q || p.title.toLocaleLowerCase().includes(q) || p.slug.includes(q) || (categories as string[]).includes(p.category) || (countries as string[]).includes(p.country)) &&
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
            return { ...fullPost(samplePosts[0]!), ...input.values, id: input.id ?? "p-new", slug: input.values.slug || "new-post", created_at: input.previous?.created_at ?? now, updated_at: now };
          }),
        },
        actions: {
          notifySaved: (_, { created }) => notifyWithAdminToaster({ type: "success", title: created ? t(msg`Post created successfully.`) : t(msg`Post updated successfully.`) }),
          notifySaveFailed: () => notifyWithAdminToaster({ type: "error", title: t(msg`Failed to save post. Please try again.`) }),
        },
      }),
    [t],
  );
  const upload = async () => "/favicon.svg";
  return <PostEditorContainer id={id} notify={notifyWithAdminToaster} logic={logic} upload={upload} now={() => STORY_NOW} />;
}

function LeadsPage() {
  const [logic] = useState(() => leadsInboxMachine.provide({ actors: { loadLeads: fromPromise(async () => (await tick(), { rows: samplePeople, total: samplePeople.length })) } }));
  return <LeadsInboxContainer logic={logic} loadOwners={async () => sampleOwners} />;
}

const meta = {
  title: "Pages/Admin",
  component: Page,
  args: { children: null },
  parameters: { chromatic: { modes: responsiveModes } },
} satisfies Meta<typeof Page>;
export default meta;
type Story = StoryObj<typeof meta>;

/** /admin: counts, the latest posts and the new-leads card. */
export const DashboardPage: Story = {
  name: "Dashboard",
  parameters: { route: "/admin" },
  render: () => (
    <Page>
      <Dashboard email={EMAIL} counts={{ total: 3, published: 2, drafts: 1 }} recent={samplePosts} />
      <LeadsDashboardView
        weekStart="2026-11-23"
        data={{ total: 5, byStatus: { new: 2, contacted: 1, won: 1, spam: 1 }, byFormType: { sales_lead: 3, demo_booking: 1 }, byPage: [{ path: "/contact", count: 3 }, { path: "/", count: 1 }], overdue: 1 }}
      />
    </Page>
  ),
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await expect(c.getByRole("link", { name: t(msg`Dashboard`) })).toHaveAttribute("aria-current", "page");
    await expect(c.getByRole("link", { name: t(msg`Manage Posts`) })).toHaveAttribute("href", context.globals.locale === "en" ? "/en/admin/posts" : "/admin/posts");
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
    await waitFor(() => expect(c.getByRole("textbox", { name: new RegExp(`^${t(msg`Title`)}`) })).toHaveValue(samplePosts[0]!.title), { timeout: 5000 });
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
