import { Extension } from "@tiptap/core";

/** The blocks whose direction is stored (docs/product.md#admin-posts, "Content"). */
const DIRECTED_BLOCKS = ["paragraph", "heading", "blockquote", "bulletList", "orderedList", "listItem"] as const;
export type BlockDirection = "auto" | "rtl" | "ltr";

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
