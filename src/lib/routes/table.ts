/**
 * The route table: every page, layout and file the site serves, listed once (issue 35). Everything that
 * needs to know the routes reads it instead of keeping its own list:
 *
 * - src/app/routes.ts builds React Router's route config from it (both languages of every page);
 * - the sitemap lists the entries with `sitemap` (src/features/blog/lib/sitemap.ts);
 * - the admin navigation shows the entries with `nav`, in this order (src/features/auth/components/admin-shell.tsx);
 * - role access reads `ADMIN_SECTIONS` and each admin page's `section` (src/features/auth/lib/role-access.ts);
 * - the page cache refuses the `private` entries and keys the `query` ones on their query (server/site/page-cache.ts);
 * - the admin-path test (the admin catalog, hydration at once) is `ADMIN_BASE` (./paths.ts), where every
 *   `admin` entry lives (./table.test.ts checks);
 * - the canonical redirect leaves the `caseSensitive` parameters alone (server/site/canonical-path.ts).
 *
 * Plain data with no runtime imports: the server's page threads load it with Node's type stripping. src/app/routes.test.ts, ./table.test.ts,
 * src/features/auth/lib/role-access.test.ts and server/site/route-table.test.ts hold it to the route files
 * and to what is derived from it. Adding a page: docs/CONTRIBUTING.md, "Adding a page (one place)".
 */
import type { TeamRole } from "../database.types.ts";

/** The root layout of each language's tree (ids `ar` and `en`), holding every page. */
export const LOCALE_LAYOUT = "routes/locale-layout.tsx";

/**
 * Who may open each admin section (docs/product.md#admin). The admin only hides: Row Level Security and
 * the storage policies refuse the same things in the database, whatever the browser does.
 */
export const ADMIN_SECTIONS = {
  dashboard: ["owner", "editor", "sales"],
  posts: ["owner", "editor"],
  leads: ["owner", "sales"],
  agenda: ["owner", "sales"],
  mail: ["owner", "sales"],
  newsletters: ["owner", "editor"],
  team: ["owner"],
  markets: ["owner"],
  // Sales members open the analytics for its conversion part only; traffic is for owners and editors.
  analytics: ["owner", "editor", "sales"],
  "analytics-traffic": ["owner", "editor"],
} as const satisfies Record<string, readonly TeamRole[]>;

export type AdminSection = keyof typeof ADMIN_SECTIONS;

/**
 * How the server's page cache (docs/serving.md) treats a route:
 * - `shared`: the anonymous render is stored and served to every visitor until the content changes;
 * - `no-store`: rendered for each request: the page's own response says `no-store` (or `private`), so it is
 *   looked up but never stored;
 * - `private`: never looked up nor stored: the cache refuses the path (and everything under its fixed
 *   part) before rendering; for the admin and links that show what only their holder may see;
 * - `file`: a resource route (XML, text): HTTP caches follow its own Cache-Control; the page cache holds pages only.
 */
type CachePolicy = "shared" | "no-store" | "private" | "file";

export interface RouteEntry {
  /**
   * The route's id without the language: React Router's ids are `ar:<id>` and `en:<id>`. A resource route
   * keeps its id as given (none: React Router's default, the file name).
   */
  readonly id?: string;
  readonly kind: "page" | "layout" | "resource";
  /**
   * The path after the language prefix (`/en`): `/`, `/blog/:slug`, `/admin/posts/:id/edit`; `*` for every
   * other path. A resource route is not localised: its path is the whole URL path.
   */
  readonly path: string;
  /** The route module, relative to src/app (React Router's `file`). */
  readonly file: string;
  /** The layout (an entry of kind `layout`, by id) the route renders in; none: right under the language's root. */
  readonly layout?: "site" | "admin";
  /** `admin` pages load the admin catalog, hydrate at once and are never cached; they are at or under ADMIN_BASE (./paths.ts). */
  readonly area: "public" | "admin";
  readonly cache: CachePolicy;
  /** Listed in the sitemap, in both languages, in table order; `lastmod: "newest-post"`: the newest post's date. */
  readonly sitemap?: { readonly lastmod?: "newest-post" };
  /** Its loader reads the query string (search, filters, page): the page cache keys it on its query. */
  readonly query?: true;
  /** The admin section it belongs to (who may open it: ADMIN_SECTIONS). */
  readonly section?: AdminSection;
  /** A link of the admin navigation (its label: NAV_LABELS in admin-shell.tsx, by section). */
  readonly nav?: true;
  /** Parameters whose letter case is part of the value: the canonical redirect (lower case) leaves them as sent. */
  readonly caseSensitive?: readonly string[];
}

/** A page of the admin, inside its layout: private, and opened by its section's roles. */
const adminPage = <const E extends Pick<RouteEntry, "id" | "path" | "file" | "section" | "nav">>(entry: E) =>
  ({ kind: "page", layout: "admin", area: "admin", cache: "private", ...entry }) as const;

export const ROUTES = [
  // Files, not localised (each language has its own feed).
  { kind: "resource", path: "/robots.txt", file: "routes/robots[.]txt.ts", area: "public", cache: "file" },
  { kind: "resource", path: "/sitemap.xml", file: "routes/sitemap[.]xml.ts", area: "public", cache: "file" },
  { kind: "resource", path: "/sitemaps/:file", file: "routes/sitemaps.$file.ts", area: "public", cache: "file" },
  { kind: "resource", path: "/rss.xml", file: "routes/rss[.]xml.ts", area: "public", cache: "file" },
  { kind: "resource", id: "en-rss", path: "/en/rss.xml", file: "routes/rss[.]xml.ts", area: "public", cache: "file" },

  // The public site: header, footer, consent.
  { kind: "layout", id: "site", path: "/", file: "routes/site-layout.tsx", area: "public", cache: "shared" },
  { kind: "page", id: "home", path: "/", file: "routes/home.tsx", layout: "site", area: "public", cache: "shared", sitemap: {} },
  {
    kind: "page",
    id: "blog",
    path: "/blog",
    file: "routes/blog.tsx",
    layout: "site",
    area: "public",
    cache: "shared",
    sitemap: { lastmod: "newest-post" },
    query: true,
  },
  { kind: "page", id: "article", path: "/blog/:slug", file: "routes/article.tsx", layout: "site", area: "public", cache: "shared" },
  {
    kind: "page",
    id: "contact",
    path: "/contact",
    file: "routes/contact.tsx",
    layout: "site",
    area: "public",
    cache: "shared",
    sitemap: {},
  },
  { kind: "page", id: "book", path: "/book", file: "routes/book.tsx", layout: "site", area: "public", cache: "shared" },
  { kind: "page", id: "demo", path: "/demo", file: "routes/demo.tsx", layout: "site", area: "public", cache: "shared", sitemap: {} },
  {
    kind: "page",
    id: "privacy",
    path: "/privacy-policy",
    file: "routes/privacy-policy.tsx",
    layout: "site",
    area: "public",
    cache: "shared",
    sitemap: {},
  },
  {
    kind: "page",
    id: "newsletter-confirm",
    path: "/newsletter/confirm",
    file: "routes/newsletter-confirm.tsx",
    layout: "site",
    area: "public",
    cache: "no-store",
  },
  {
    kind: "page",
    id: "newsletter-unsubscribe",
    path: "/newsletter/unsubscribe",
    file: "routes/newsletter-unsubscribe.tsx",
    layout: "site",
    area: "public",
    cache: "no-store",
  },
  {
    kind: "page",
    id: "booking-manage",
    path: "/booking/:token",
    file: "routes/booking-manage.tsx",
    layout: "site",
    area: "public",
    // The link is its holder's key to their booking: never looked up in nor stored by the page cache.
    cache: "private",
  },
  {
    kind: "page",
    id: "newsletter-issue",
    path: "/newsletter/issues/:id",
    file: "routes/newsletter-issue.tsx",
    layout: "site",
    area: "public",
    cache: "shared",
  },
  // A post's preview link shows a draft to whoever has it (docs/admin-posts.md#preview).
  {
    kind: "page",
    id: "post-preview",
    path: "/preview/:token",
    file: "routes/post-preview.tsx",
    layout: "site",
    area: "public",
    cache: "private",
  },
  { kind: "page", id: "not-found", path: "*", file: "routes/not-found.tsx", layout: "site", area: "public", cache: "shared" },

  // The admin's sign-in pages, outside its layout.
  { kind: "page", id: "admin-login", path: "/admin/login", file: "routes/admin-login.tsx", area: "admin", cache: "private" },
  {
    kind: "page",
    id: "admin-forgot-password",
    path: "/admin/forgot-password",
    file: "routes/admin-forgot-password.tsx",
    area: "admin",
    cache: "private",
  },
  {
    kind: "page",
    id: "admin-reset-password",
    path: "/admin/reset-password",
    file: "routes/admin-reset-password.tsx",
    area: "admin",
    cache: "private",
  },
  {
    kind: "page",
    id: "admin-accept-invite",
    path: "/admin/accept-invite",
    file: "routes/admin-accept-invite.tsx",
    area: "admin",
    cache: "private",
  },

  // The admin: its shell (navigation, session, role check) around the sections.
  { kind: "layout", id: "admin", path: "/admin", file: "routes/admin-layout.tsx", area: "admin", cache: "private" },
  adminPage({ id: "admin-dashboard", path: "/admin", file: "routes/admin-dashboard.tsx", section: "dashboard", nav: true }),
  adminPage({ id: "admin-posts", path: "/admin/posts", file: "routes/admin-posts.tsx", section: "posts", nav: true }),
  adminPage({ id: "admin-post-new", path: "/admin/posts/new", file: "routes/admin-post-editor.tsx", section: "posts" }),
  adminPage({ id: "admin-post-edit", path: "/admin/posts/:id/edit", file: "routes/admin-post-editor.tsx", section: "posts" }),
  adminPage({ id: "admin-leads", path: "/admin/leads", file: "routes/admin-leads.tsx", section: "leads", nav: true }),
  adminPage({ id: "admin-agenda", path: "/admin/agenda", file: "routes/admin-agenda.tsx", section: "agenda", nav: true }),
  adminPage({ id: "admin-mail", path: "/admin/mail", file: "routes/admin-mail.tsx", section: "mail", nav: true }),
  adminPage({
    id: "admin-newsletters",
    path: "/admin/newsletters",
    file: "routes/admin-newsletters.tsx",
    section: "newsletters",
    nav: true,
  }),
  adminPage({ id: "admin-team", path: "/admin/team", file: "routes/admin-team.tsx", section: "team", nav: true }),
  adminPage({ id: "admin-markets", path: "/admin/markets", file: "routes/admin-markets.tsx", section: "markets", nav: true }),
  adminPage({ id: "admin-analytics", path: "/admin/analytics", file: "routes/admin-analytics.tsx", section: "analytics", nav: true }),
] as const satisfies readonly RouteEntry[];

/** The sections that have a link in the admin navigation. */
export type AdminNavSection = Extract<(typeof ROUTES)[number], { nav: true }>["section"];
