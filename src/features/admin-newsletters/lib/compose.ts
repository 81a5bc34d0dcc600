/**
 * The composer's plain-text format, turned into the issue's HTML (then sanitised with the site's
 * sanitiser before it is stored): blocks separated by a blank line; "## " starts a heading; lines that
 * all start with "- " make a list; [label](https://…) and bare https:// addresses are links; **bold**.
 */
const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const SAFE_URL = /^(https?:\/\/|mailto:|\/)/i;

function inline(text: string): string {
  const links: string[] = [];
  const keep = (html: string) => `\uE000${links.push(html) - 1}\uE001`;
  let s = text.replace(/\[([^\]\n]+)\]\(([^)\s]+)\)/g, (all, label: string, url: string) =>
    SAFE_URL.test(url) ? keep(`<a href="${escape(url)}">${escape(label)}</a>`) : all,
  );
  s = s.replace(/https?:\/\/[^\s<>()\uE000\uE001]+[^\s<>().,;:!?'"\uE000\uE001]/g, (url) =>
    keep(`<a href="${escape(url)}">${escape(url)}</a>`),
  );
  s = escape(s).replace(/\*\*([^*\n]+)\*\*/g, "<strong>$1</strong>");
  return s.replace(/\uE000(\d+)\uE001/g, (_, i: string) => links[Number(i)]!);
}

export function textToHtml(text: string): string {
  return text
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/)
    .map((b) => b.trim())
    .filter(Boolean)
    .map((block) => {
      if (block.startsWith("## ")) return `<h2 dir="auto">${inline(block.slice(3).trim())}</h2>`;
      const lines = block.split("\n").map((l) => l.trim());
      if (lines.every((l) => /^[-*] /.test(l))) return `<ul dir="auto">${lines.map((l) => `<li>${inline(l.slice(2))}</li>`).join("")}</ul>`;
      return `<p dir="auto">${lines.map(inline).join("<br>")}</p>`;
    })
    .join("\n");
}

export interface SourcePost {
  id: string;
  title: string;
  slug: string;
  language: "ar" | "en";
  excerpt: string;
  content: string;
}

/** The issue's HTML: the composer's text, then the post it is made from, its title linking to it on the site. */
export function composeBody(text: string, post: SourcePost | null): string {
  const parts = [textToHtml(text)];
  if (post) {
    const path = `${post.language === "en" ? "/en" : ""}/blog/${encodeURIComponent(post.slug)}`;
    parts.push(`<h2 dir="auto"><a href="${path}">${escape(post.title)}</a></h2>`, post.content);
  }
  return parts.filter(Boolean).join("\n");
}
