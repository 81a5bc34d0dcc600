import { type AnyExtension, Extension } from "@tiptap/core";
import Image from "@tiptap/extension-image";
import { Placeholder } from "@tiptap/extensions";
import StarterKit from "@tiptap/starter-kit";
import { listStyleOf, listStyleOfType } from "@/lib/list-style";
import { BlockDirectionExtension } from "./block-direction";
import { normalizeLinkUrl } from "./link-url";
import { tableExtensions } from "./table";

/** A numbered list keeps its numbering style (letters, Roman, Arabic letters: `@/lib/list-style`). */
const ListStyleExtension = Extension.create({
  name: "listStyle",
  addGlobalAttributes: () => [
    {
      types: ["orderedList"],
      attributes: {
        listStyle: {
          default: null,
          parseHTML: (element: HTMLElement) => listStyleOf(element.getAttribute("style")) ?? listStyleOfType(element.getAttribute("type")),
          renderHTML: (attributes: { listStyle?: string | null }) =>
            attributes.listStyle && attributes.listStyle !== "decimal" ? { style: `list-style-type: ${attributes.listStyle}` } : {},
        },
      },
    },
  ],
});

/**
 * What a post's content may hold (docs/product.md#admin-posts, "Content"): h2 and h3 (the page title is
 * the h1), paragraphs, bold, italic, bullet and numbered lists, quotes, links, images with alt text,
 * horizontal rules and line breaks, tables (a header row, spans), and the numbering style of a numbered list. The rest of the starter kit (code, strike, underline) is off: the
 * public article has no style for it and the toolbar no button.
 */
export function postContentExtensions({ placeholder }: { placeholder?: string } = {}): AnyExtension[] {
  return [
    StarterKit.configure({
      heading: { levels: [2, 3] },
      code: false,
      codeBlock: false,
      strike: false,
      underline: false,
      link: {
        openOnClick: false,
        autolink: true,
        linkOnPaste: true,
        defaultProtocol: "https",
        // The sanitiser adds target and rel to links that leave the site, when the article is shown.
        HTMLAttributes: { target: null, rel: null, class: null },
        isAllowedUri: (url) => normalizeLinkUrl(url).ok,
        shouldAutoLink: (url) => normalizeLinkUrl(url).ok,
      },
    }),
    // A picture pasted as a data: URL is kept only until the editor has uploaded it (rich-text-editor.tsx).
    Image.configure({ inline: false, allowBase64: true }),
    ...tableExtensions,
    ListStyleExtension,
    BlockDirectionExtension,
    ...(placeholder ? [Placeholder.configure({ placeholder })] : []),
  ];
}
