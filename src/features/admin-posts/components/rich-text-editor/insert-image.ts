import type { Editor } from "@tiptap/core";
import { NodeSelection, TextSelection } from "@tiptap/pm/state";

interface ImageAttributes {
  src: string;
  alt: string;
  width?: number;
  height?: number;
}

/**
 * Inserts an image at the caret and puts the caret below it (docs/product.md#admin-posts, "Content"):
 * at the start of the text block that follows, or in a new empty paragraph when none does. Left selected,
 * the image would be replaced by the first key typed.
 */
export function insertImageAndContinue(editor: Editor, image: ImageAttributes): boolean {
  return editor
    .chain()
    .focus()
    .setImage(image)
    .command(({ tr, state }) => {
      const { selection } = tr;
      let after: number | null = null;
      if (selection instanceof NodeSelection && selection.node.type.name === "image") after = selection.to;
      else if (tr.doc.resolve(selection.from).nodeBefore?.type.name === "image") after = selection.from;
      if (after === null) return true;
      const next = tr.doc.resolve(after).nodeAfter;
      if (!next?.isTextblock) tr.insert(after, state.schema.nodes.paragraph!.create());
      tr.setSelection(TextSelection.create(tr.doc, after + 1)).scrollIntoView();
      return true;
    })
    .run();
}
