/**
 * Tables in a post (docs/admin-posts.md#paste): a table of rows of cells, the first row optionally of
 * header cells (`<th>`), cells holding paragraphs and lists, with column and row spans. Built on
 * prosemirror-tables (cell selection, Tab to the next cell, fixing ragged rows). The table carries `dir`
 * like every block ("auto": shown in its content's direction, so an Arabic table reads from the right).
 */
import { Extension, Node, mergeAttributes } from "@tiptap/core";
import { type Node as PMNode } from "@tiptap/pm/model";
import { goToNextCell, isInTable, tableEditing } from "@tiptap/pm/tables";

const ROLES: Record<string, string> = { table: "table", tableRow: "row", tableCell: "cell", tableHeader: "header_cell" };

const span = (name: "colspan" | "rowspan") => ({
  default: 1,
  parseHTML: (element: HTMLElement) => {
    const n = Number(element.getAttribute(name) ?? 1);
    return Number.isInteger(n) && n > 1 && n <= 50 ? n : 1;
  },
  renderHTML: (attributes: Record<string, unknown>) => (Number(attributes[name]) > 1 ? { [name]: attributes[name] } : {}),
});

const cell = (name: "tableCell" | "tableHeader", tag: "td" | "th") =>
  Node.create({
    name,
    content: "block+",
    isolating: true,
    addAttributes: () => ({ colspan: span("colspan"), rowspan: span("rowspan") }),
    parseHTML: () => [{ tag }],
    renderHTML: ({ HTMLAttributes }) => [tag, mergeAttributes(tag === "th" ? { scope: "col" } : {}, HTMLAttributes), 0],
  });

declare module "@tiptap/core" {
  interface Commands<ReturnType> {
    postTable: {
      /** Inserts a table of `rows` × `cols` whose first row is a header row. */
      insertPostTable: (size?: { rows?: number; cols?: number }) => ReturnType;
    };
  }
}

const PostTable = Node.create({
  name: "table",
  group: "block",
  content: "tableRow+",
  isolating: true,
  parseHTML: () => [{ tag: "table" }],
  renderHTML: ({ HTMLAttributes }) => ["table", HTMLAttributes, ["tbody", 0]],
  addCommands() {
    return {
      insertPostTable:
        ({ rows = 3, cols = 3 } = {}) =>
        ({ state, dispatch, tr }) => {
          const { schema } = state;
          const row = (header: boolean) =>
            schema.nodes.tableRow!.create(
              null,
              Array.from({ length: cols }, () => (header ? schema.nodes.tableHeader! : schema.nodes.tableCell!).createAndFill()!),
            );
          const table: PMNode = schema.nodes.table!.create(null, [row(true), ...Array.from({ length: rows - 1 }, () => row(false))]);
          if (dispatch) tr.replaceSelectionWith(table).scrollIntoView();
          return true;
        },
    };
  },
  addKeyboardShortcuts() {
    return {
      Tab: () => (isInTable(this.editor.state) ? goToNextCell(1)(this.editor.state, this.editor.view.dispatch) : false),
      "Shift-Tab": () => (isInTable(this.editor.state) ? goToNextCell(-1)(this.editor.state, this.editor.view.dispatch) : false),
    };
  },
  addProseMirrorPlugins: () => [tableEditing()],
});

const PostTableRow = Node.create({
  name: "tableRow",
  content: "(tableCell | tableHeader)*",
  parseHTML: () => [{ tag: "tr" }],
  renderHTML: ({ HTMLAttributes }) => ["tr", HTMLAttributes, 0],
});

const PostTableCell = cell("tableCell", "td");
const PostTableHeader = cell("tableHeader", "th");

/** prosemirror-tables finds the table's parts by their `tableRole`. */
const TableRoles = Extension.create({
  name: "tableRoles",
  extendNodeSchema: (extension) => (ROLES[extension.name] ? { tableRole: ROLES[extension.name] } : {}),
});

export const tableExtensions = [PostTable, PostTableRow, PostTableCell, PostTableHeader, TableRoles];
