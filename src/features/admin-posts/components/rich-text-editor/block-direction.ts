import { Extension } from "@tiptap/core";
import type { Node as PMNode } from "@tiptap/pm/model";
import { Plugin, PluginKey } from "@tiptap/pm/state";
import { Decoration, DecorationSet } from "@tiptap/pm/view";
import { nodeContentDirection } from "@/lib/content-direction";

/** The blocks whose direction is stored (docs/product.md#admin-posts, "Content"). */
const DIRECTED_BLOCKS = ["paragraph", "heading", "blockquote", "bulletList", "orderedList", "listItem", "table"] as const;
export type BlockDirection = "auto" | "rtl" | "ltr";
/** Containers whose shown direction comes from their content (see `@/lib/content-direction`). */
const CONTAINERS = new Set(["bulletList", "orderedList", "listItem", "blockquote", "table"]);

/**
 * The direction each list, list item and quote is shown with: its forced one, else its content's
 * (the first strong letter), else "auto". A decoration, so what is stored keeps `dir="auto"`; it is
 * set on every container (never removed), so the attribute the node renders is always replaced.
 */
function containerDirections(doc: PMNode): DecorationSet {
  const decorations: Decoration[] = [];
  doc.descendants((node, pos) => {
    if (!CONTAINERS.has(node.type.name)) return true;
    const own = directionAt(node.attrs);
    const dir = own === "auto" ? (nodeContentDirection(node) ?? "auto") : own;
    decorations.push(Decoration.node(pos, pos + node.nodeSize, { dir }));
    return true;
  });
  return DecorationSet.create(doc, decorations);
}

const containerDirectionKey = new PluginKey<DecorationSet>("containerDirection");

declare module "@tiptap/core" {
  interface Commands<ReturnType> {
    blockDirection: {
      /** Sets the direction of the blocks in the selection (and the lists and quotes around them). */
      setBlockDirection: (direction: BlockDirection) => ReturnType;
    };
  }
}

/**
 * Every text block carries `dir`: "auto" by default, so each paragraph reads in the direction of its own
 * first strong letter (an English paragraph in an Arabic post reads left to right, in the editor and on
 * the public article alike); "rtl" or "ltr" when the writer forces it. Stored as the `dir` attribute.
 */
export const BlockDirectionExtension = Extension.create({
  name: "blockDirection",
  addGlobalAttributes() {
    return [
      {
        types: [...DIRECTED_BLOCKS],
        attributes: {
          dir: {
            default: "auto",
            parseHTML: (element: HTMLElement) => {
              const dir = element.getAttribute("dir")?.toLowerCase();
              return dir === "rtl" || dir === "ltr" ? dir : "auto";
            },
            renderHTML: (attributes: { dir?: string }) => ({ dir: attributes.dir ?? "auto" }),
          },
        },
      },
    ];
  },
  addProseMirrorPlugins() {
    return [
      new Plugin<DecorationSet>({
        key: containerDirectionKey,
        state: {
          init: (_, state) => containerDirections(state.doc),
          apply: (tr, previous) => (tr.docChanged ? containerDirections(tr.doc) : previous),
        },
        props: { decorations: (state) => containerDirectionKey.getState(state) },
      }),
    ];
  },
  addCommands() {
    return {
      setBlockDirection:
        (direction) =>
        ({ tr, state, dispatch }) => {
          const { from, to } = state.selection;
          const names = new Set<string>(DIRECTED_BLOCKS);
          let changed = false;
          state.doc.nodesBetween(from, to, (node, pos) => {
            if (!names.has(node.type.name)) return;
            if (node.attrs.dir !== direction) {
              tr.setNodeMarkup(pos, undefined, { ...node.attrs, dir: direction });
              changed = true;
            }
          });
          if (changed && dispatch) dispatch(tr);
          return changed || true;
        },
    };
  },
});

/** The direction of the innermost text block at the selection (for the toolbar's state). */
export function directionAt(attrs: { dir?: unknown } | undefined): BlockDirection {
  return attrs?.dir === "rtl" || attrs?.dir === "ltr" ? attrs.dir : "auto";
}
