import type { AnyExtension } from "@tiptap/core";
import Image from "@tiptap/extension-image";
import { Placeholder } from "@tiptap/extensions";
import StarterKit from "@tiptap/starter-kit";
import { BlockDirectionExtension } from "./block-direction";
import { normalizeLinkUrl } from "./link-url";

/**
 * What a post's content may hold (docs/product.md#admin-posts, "Content"): h2 and h3 (the page title is
 * the h1), paragraphs, bold, italic, bullet and numbered lists, quotes, links, images with alt text,
 * horizontal rules and line breaks. The rest of the starter kit (code, strike, underline) is off: the
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
    Image.configure({ inline: false, allowBase64: false }),
    BlockDirectionExtension,
    ...(placeholder ? [Placeholder.configure({ placeholder })] : []),
  ];
}
