import { Box } from "@chakra-ui/react";
import { useEffect, useState } from "react";
import { tableCellStyle, tableHeaderStyle } from "@/lib/content-table-style";
import { ARTICLE_COUNTER_STYLES } from "@/lib/list-style";

interface ArticleContentProps {
  html: string;
  lang?: string;
  /**
   * The HTML was sanitised by the server (`sanitize.server.ts`, as the article route's loader does on
   * every request, for the first response and for client navigation alike): it is rendered as is, and
   * the browser never loads DOMPurify for it. Leave unset for anything else (the editor's preview).
   */
  serverSanitized?: boolean;
}

/**
 * The article body (docs/product.md#article), shared by the public article and the post editor's preview so
 * that the preview looks exactly like the article. HTML not marked `serverSanitized` is sanitised in the
 * browser with the same configuration (`src/lib/sanitize.ts`, loaded on first use) before it reaches the
 * DOM; until then the box is empty and `aria-busy` (on the server it stays empty).
 */
export function ArticleContent({ html, lang, serverSanitized = false }: ArticleContentProps) {
  const [sanitized, setSanitized] = useState<{ from: string; safe: string } | null>(null);
  useEffect(() => {
    if (serverSanitized) return;
    let current = true;
    void import("@/lib/sanitize").then(({ sanitizeHtml }) => {
      if (current) setSanitized({ from: html, safe: sanitizeHtml(html) });
    });
    return () => {
      current = false;
    };
  }, [html, serverSanitized]);
  const pending = !serverSanitized && sanitized?.from !== html;
  // While a new text is being sanitised the previous (sanitised) one stays: never the raw text.
  const safe = serverSanitized ? html : (sanitized?.safe ?? "");
  return (
    <>
      {/* Arabic letter numbering for numbered lists (React puts it in the document's head, once). */}
      <style href="wasla-article-counter-styles" precedence="default">
        {ARTICLE_COUNTER_STYLES}
      </style>
      <Box
        className="article-content"
        lang={lang}
        dir="auto"
        aria-busy={pending || undefined}
        fontSize={{ base: "md", md: "lg" }}
        lineHeight="1.85"
        color="fg"
        css={{
          "& > * + *": { marginTop: "1.1em" },
          "& h2": { fontSize: "1.5em", fontWeight: 700, lineHeight: 1.3, marginTop: "1.6em" },
          "& h3": { fontSize: "1.25em", fontWeight: 700, lineHeight: 1.35, marginTop: "1.4em" },
          "& h4, & h5, & h6": { fontSize: "1.1em", fontWeight: 700, marginTop: "1.2em" },
          "& ul, & ol": { paddingInlineStart: "1.5em" },
          "& ul": { listStyleType: "disc" },
          "& ol": { listStyleType: "decimal" },
          "& li + li": { marginTop: "0.4em" },
          "& a": { color: "var(--ck-colors-brand-fg)", textDecoration: "underline", textUnderlineOffset: "3px" },
          "& blockquote": {
            borderInlineStartWidth: "4px",
            borderColor: "var(--ck-colors-sand-400)",
            paddingInlineStart: "1em",
            color: "var(--ck-colors-fg-muted)",
            fontStyle: "italic",
          },
          "& img": { maxWidth: "100%", height: "auto", borderRadius: "0.75rem" },
          "& pre": { overflowX: "auto", background: "var(--ck-colors-bg-muted)", padding: "1em", borderRadius: "0.5rem" },
          "& code": { fontFamily: "monospace", fontSize: "0.9em" },
          // A wide table scrolls sideways inside the column (phones), from the right in a right-to-left table.
          "& table": {
            width: "max-content",
            minWidth: "100%",
            maxWidth: "100%",
            borderCollapse: "collapse",
            display: "block",
            overflowX: "auto",
          },
          "& th, & td": tableCellStyle("0.5em 0.75em", "8em"),
          "& th": tableHeaderStyle,
          "& td > * + *, & th > * + *": { marginTop: "0.5em" },
          "& hr": { borderColor: "var(--ck-colors-border)" },
        }}
        dangerouslySetInnerHTML={{ __html: safe }}
      />
    </>
  );
}
