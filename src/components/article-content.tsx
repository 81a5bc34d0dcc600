import { Box } from "@chakra-ui/react";
import { useMemo } from "react";
import { sanitizeHtml } from "@/lib/sanitize";

/**
 * The article body (docs/product.md#article), shared by the public article and the post editor's preview so
 * that the preview looks exactly like the article. `html` was sanitised on the server; in the browser it is sanitised again with
 * the same configuration (DOMPurify is idempotent on clean HTML), so nothing unsafe reaches the DOM
 * even if a caller forgets the server step.
 */
export function ArticleContent({ html, lang }: { html: string; lang?: string }) {
  const safe = useMemo(() => (typeof window === "undefined" ? html : sanitizeHtml(html)), [html]);
  return (
    <Box
      className="article-content"
      lang={lang}
      dir="auto"
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
        "& table": { width: "100%", borderCollapse: "collapse", display: "block", overflowX: "auto" },
        "& th, & td": { border: "1px solid var(--ck-colors-border)", padding: "0.5em 0.75em", textAlign: "start" },
        "& hr": { borderColor: "var(--ck-colors-border)" },
      }}
      dangerouslySetInnerHTML={{ __html: safe }}
    />
  );
}
