import { Editor } from "@tiptap/core";
import { afterEach } from "vitest";
import { postContentExtensions } from "./extensions";

/**
 * For a test file: `open(content)` gives an editor with the post's extensions (as the post editor has
 * them) on that HTML; the editors a test opens are destroyed after it.
 */
export function editorPerTest(): (content: string) => Editor {
  const opened: Editor[] = [];
  afterEach(() => {
    for (const editor of opened.splice(0)) editor.destroy();
  });
  return (content) => {
    const editor = new Editor({ element: document.createElement("div"), extensions: postContentExtensions(), content });
    opened.push(editor);
    return editor;
  };
}
