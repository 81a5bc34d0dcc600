/**
 * A post's table cells, as the article shows them and as the editor edits them (the editor's are a
 * little tighter): one border, top-aligned, starting at the text's start side, and a header shade.
 */
export const tableCellStyle = (padding: string, minWidth: string) =>
  ({
    border: "1px solid var(--ck-colors-border)",
    padding,
    textAlign: "start",
    verticalAlign: "top",
    minWidth,
  }) as const;

export const tableHeaderStyle = { background: "var(--ck-colors-bg-muted)", fontWeight: 700 } as const;
