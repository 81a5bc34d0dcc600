import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

/**
 * Every page exists twice: Arabic at the root (default) and English under /en. Both trees use the
 * same route modules; ids carry the language ("ar:blog", "en:blog").
 */
function pages(locale: "ar" | "en") {
  const id = (name: string) => ({ id: `${locale}:${name}` });
  return [
    layout("routes/site-layout.tsx", id("site"), [
      index("routes/home.tsx", id("home")),
      route("blog", "routes/blog.tsx", id("blog")),
      route("blog/:slug", "routes/article.tsx", id("article")),
      route("contact", "routes/contact.tsx", id("contact")),
      route("book", "routes/book.tsx", id("book")),
      route("privacy-policy", "routes/privacy-policy.tsx", id("privacy")),
      route("demo", "routes/demo.tsx", id("demo")),
      route("newsletter/confirm", "routes/newsletter-confirm.tsx", id("newsletter-confirm")),
      route("newsletter/unsubscribe", "routes/newsletter-unsubscribe.tsx", id("newsletter-unsubscribe")),
      route("booking/:token", "routes/booking-manage.tsx", id("booking-manage")),
      route("newsletter/issues/:id", "routes/newsletter-issue.tsx", id("newsletter-issue")),
      route("preview/:token", "routes/post-preview.tsx", id("post-preview")),
      route("*", "routes/not-found.tsx", id("not-found")),
    ]),
    route("admin/login", "routes/admin-login.tsx", id("admin-login")),
    route("admin/forgot-password", "routes/admin-forgot-password.tsx", id("admin-forgot-password")),
    route("admin/reset-password", "routes/admin-reset-password.tsx", id("admin-reset-password")),
    route("admin/accept-invite", "routes/admin-accept-invite.tsx", id("admin-accept-invite")),
    route("admin", "routes/admin-layout.tsx", id("admin"), [
      index("routes/admin-dashboard.tsx", id("admin-dashboard")),
      route("posts", "routes/admin-posts.tsx", id("admin-posts")),
      route("posts/new", "routes/admin-post-editor.tsx", id("admin-post-new")),
      route("posts/:id/edit", "routes/admin-post-editor.tsx", id("admin-post-edit")),
      route("leads", "routes/admin-leads.tsx", id("admin-leads")),
      route("agenda", "routes/admin-agenda.tsx", id("admin-agenda")),
      route("mail", "routes/admin-mail.tsx", id("admin-mail")),
      route("newsletters", "routes/admin-newsletters.tsx", id("admin-newsletters")),
      route("team", "routes/admin-team.tsx", id("admin-team")),
      route("markets", "routes/admin-markets.tsx", id("admin-markets")),
      route("analytics", "routes/admin-analytics.tsx", id("admin-analytics")),
    ]),
  ];
}

export default [
  route("robots.txt", "routes/robots[.]txt.ts"),
  route("sitemap.xml", "routes/sitemap[.]xml.ts"),
  route("sitemaps/:file", "routes/sitemaps.$file.ts"),
  route("rss.xml", "routes/rss[.]xml.ts"),
  // Each language has its own feed: /rss.xml (Arabic), /en/rss.xml (English).
  route("en/rss.xml", "routes/rss[.]xml.ts", { id: "en-rss" }),
  layout("routes/locale-layout.tsx", { id: "ar" }, pages("ar")),
  route("en", "routes/locale-layout.tsx", { id: "en" }, pages("en")),
] satisfies RouteConfig;
