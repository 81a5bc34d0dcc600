import { Box, Tabs, Text } from "@chakra-ui/react";
import { Plural, useLingui } from "@lingui/react/macro";
import { Extension } from "@tiptap/core";
import { EditorContent, useEditor } from "@tiptap/react";
import { Eye, PenLine } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { ArticleContent } from "@/components/article-content";
import { tableCellStyle, tableHeaderStyle } from "@/lib/content-table-style";
import type { UploadImage } from "../hero-image-upload";
import { PASTED_DATA_IMAGE, cleanPastedHtml } from "./clean-pasted-html";
import { EditorToolbar } from "./editor-toolbar";
import { postContentExtensions } from "./extensions";
import { insertImageAndContinue } from "./insert-image";
import { ImageDialog, type InsertedImage } from "../content-image-dialog";
import { LinkDialog } from "./link-dialog";

interface RichTextEditorProps {
  /** The post's content (HTML). */
  value: string;
  /** The new HTML after each change; "" when the post has no text. */
  onChange: (html: string) => void;
  onBlur?: () => void;
  /** The id of the element that names the field (its label). */
  labelId: string;
  /** Ids of the help and error texts. */
  describedBy?: string;
  invalid?: boolean;
  required?: boolean;
  /** Uploads an inline image and gives its public URL (the hero image's upload). */
  upload: UploadImage;
  /** The post's language: the preview is shown in its direction, as on the public article. */
  language: "ar" | "en";
  /** Stories: start on the preview or with a dialog open. */
  initialTab?: "write" | "preview";
  initialDialog?: "link" | "image" | null;
}

/** HTML with no text and no image or rule counts as empty (the form's "Content is required"). */
function isBlank(html: string): boolean {
  return !/<(?:img|hr)\b/i.test(html) && html.replace(/<[^>]*>/g, "").replace(/&nbsp;|\s|\u200b/g, "") === "";
}

/**
 * The post's content editor (docs/product.md#admin-posts, "Content"): Tiptap (ProseMirror) with a toolbar,
 * keyboard shortcuts, per-block direction, clean paste, links, images with alt text, and a preview rendered by
 * the public article's own content component. The value stays HTML. Loaded lazily by the post form, so
 * none of this reaches public pages.
 */
export default function RichTextEditor({
  value,
  onChange,
  onBlur,
  labelId,
  describedBy,
  invalid = false,
  required = false,
  upload,
  language,
  initialTab = "write",
  initialDialog = null,
}: RichTextEditorProps) {
  const { t } = useLingui();
  const [tab, setTab] = useState(initialTab);
  const [dialog, setDialog] = useState<"link" | "image" | null>(initialDialog);
  const [html, setHtml] = useState(value);
  const openLink = useRef(() => setDialog("link"));
  const latest = useRef({ onChange, onBlur });
  /** The last value the editor started with or reported (see the effect below). */
  const known = useRef(value);
  latest.current = { onChange, onBlur };
  /** What happened to the pictures of the last paste: left out (no data), uploading, failed to upload. */
  const [pasted, setPasted] = useState<{ dropped: number; uploading: number; failed: number } | null>(null);
  const uploadPasted = useRef<() => void>(() => {});

  const extensions = useMemo(
    () => [
      ...postContentExtensions({ placeholder: t`Write your post…` }),
      Extension.create({
        name: "editorShortcuts",
        addKeyboardShortcuts: () => ({
          "Mod-k": () => {
            openLink.current();
            return true;
          },
          // Alt+F10 goes to the toolbar (as in most editors); Escape there comes back.
          "Alt-F10": ({ editor }) => {
            const toolbar = editor.view.dom.closest("[data-rich-text]")?.querySelector<HTMLElement>('[role="toolbar"] [tabindex="0"]');
            toolbar?.focus();
            return Boolean(toolbar);
          },
        }),
      }),
    ],
    [t],
  );

  const editor = useEditor(
    {
      extensions,
      content: value,
      immediatelyRender: false,
      shouldRerenderOnTransaction: false,
      editorProps: {
        attributes: {
          id: `${labelId}-editor`,
          role: "textbox",
          "aria-multiline": "true",
          "aria-labelledby": labelId,
          ...(describedBy ? { "aria-describedby": describedBy } : {}),
          ...(required ? { "aria-required": "true" } : {}),
          ...(invalid ? { "aria-invalid": "true" } : {}),
        },
        transformPastedHTML: (html) => {
          const counts = { droppedImages: 0 };
          const cleaned = cleanPastedHtml(html, { counts });
          setPasted(counts.droppedImages ? { dropped: counts.droppedImages, uploading: 0, failed: 0 } : null);
          // Pictures carried in the paste (data: URLs) are uploaded once they are in the document.
          if (/<img\b[^>]*src="data:/i.test(cleaned)) setTimeout(() => uploadPasted.current(), 0);
          return cleaned;
        },
        // Picture files on the clipboard (a screenshot, an image copied from a file manager) are uploaded.
        handlePaste: (view, event) => {
          const files = Array.from(event.clipboardData?.files ?? []).filter((f) => /^image\/(?:png|jpe?g|gif|webp)$/.test(f.type));
          if (!files.length || event.clipboardData?.getData("text/html")) return false;
          void (async () => {
            setPasted({ dropped: 0, uploading: files.length, failed: 0 });
            let failed = 0;
            for (const file of files) {
              try {
                const src = await upload(file, { onProgress: () => {}, signal: new AbortController().signal });
                const image = view.state.schema.nodes.image!.create({ src, alt: "" });
                view.dispatch(view.state.tr.replaceSelectionWith(image).scrollIntoView());
              } catch {
                failed++;
              }
            }
            setPasted(failed ? { dropped: 0, uploading: 0, failed } : null);
          })();
          return true;
        },
      },
      onUpdate: ({ editor: e }) => {
        const next = e.getHTML();
        // The empty paragraph the editor keeps after a last image or list (to type after it) is not content.
        const reported = isBlank(next) ? "" : next.replace(/(?:<p dir="auto"><\/p>)+$/, "");
        setHtml(next);
        known.current = reported;
        latest.current.onChange(reported);
      },
      onBlur: () => latest.current.onBlur?.(),
    },
    [extensions],
  );

  // Keep aria-invalid in step with the form's validation without recreating the editor.
  useEffect(() => {
    if (!editor) return;
    editor.setOptions({
      editorProps: {
        ...editor.options.editorProps,
        attributes: {
          ...(editor.options.editorProps.attributes as Record<string, string>),
          "aria-invalid": invalid ? "true" : "false",
        },
      },
    });
  }, [editor, invalid]);

  // A value set from outside (the form resets after loading the post) replaces the content; the values
  // this editor started with or reported last does not (the editor's HTML differs from them only by its
  // normal form: dir="auto", list paragraphs).
  useEffect(() => {
    if (!editor || editor.isDestroyed || value === known.current) return;
    known.current = value;
    editor.chain().setMeta("addToHistory", false).setContent(value, { emitUpdate: false }).run();
    setHtml(editor.getHTML());
  }, [editor, value]);

  // Uploads the pictures a paste carried as data: URLs and points them at the stored files; a picture
  // that cannot be uploaded is taken out (the writer is told how many).
  uploadPasted.current = () => {
    if (!editor || editor.isDestroyed) return;
    const sources = new Set<string>();
    editor.state.doc.descendants((node) => {
      if (node.type.name === "image" && PASTED_DATA_IMAGE.test(String(node.attrs.src))) sources.add(String(node.attrs.src));
    });
    if (!sources.size) return;
    setPasted((p) => ({ dropped: p?.dropped ?? 0, uploading: sources.size, failed: 0 }));
    const replace = (src: string, next: string | null) => {
      if (editor.isDestroyed) return;
      const tr = editor.state.tr;
      const found: { pos: number; size: number; attrs: Record<string, unknown> }[] = [];
      editor.state.doc.descendants((node, pos) => {
        if (node.type.name === "image" && node.attrs.src === src) found.push({ pos, size: node.nodeSize, attrs: node.attrs });
      });
      for (const f of found.reverse()) {
        if (next) tr.setNodeMarkup(f.pos, undefined, { ...f.attrs, src: next });
        else tr.delete(f.pos, f.pos + f.size);
      }
      editor.view.dispatch(tr);
    };
    void (async () => {
      let failed = 0;
      for (const src of sources) {
        try {
          const blob = await (await fetch(src)).blob();
          const ext = blob.type.split("/")[1]?.replace("jpeg", "jpg") ?? "png";
          const url = await upload(new File([blob], `pasted-image.${ext}`, { type: blob.type }), {
            onProgress: () => {},
            signal: new AbortController().signal,
          });
          replace(src, url);
        } catch {
          failed++;
          replace(src, null);
        }
      }
      setPasted((p) => (p?.dropped || failed ? { dropped: p?.dropped ?? 0, uploading: 0, failed } : null));
    })();
  };

  const selectedImage = editor?.isActive("image") ? { alt: String(editor.getAttributes("image").alt ?? "") } : null;
  const [editingImage, setEditingImage] = useState<{ alt: string } | null>(null);
  const linkHref = dialog === "link" && editor ? String(editor.getAttributes("link").href ?? "") : "";
  const needsText = dialog === "link" && editor ? editor.state.selection.empty && !editor.isActive("link") : false;

  const closeDialog = () => {
    setDialog(null);
    editor?.commands.focus();
  };
  const insertImage = (image: InsertedImage) => {
    if (editor) {
      insertImageAndContinue(editor, {
        src: image.src,
        alt: image.alt,
        ...(image.width && image.height ? { width: image.width, height: image.height } : {}),
      });
    }
    setDialog(null);
  };

  return (
    <Box data-rich-text="" borderWidth="1px" borderColor={invalid ? "border.error" : "border"} rounded="l2" overflow="hidden" bg="bg">
      <Tabs.Root value={tab} onValueChange={(e) => setTab(e.value as "write" | "preview")} variant="line" size="sm" lazyMount={false}>
        <Tabs.List px="2" bg="bg.subtle">
          <Tabs.Trigger value="write">
            <PenLine aria-hidden="true" />
            {t`Write`}
          </Tabs.Trigger>
          <Tabs.Trigger value="preview">
            <Eye aria-hidden="true" />
            {t`Preview`}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="write" p="0">
          {pasted ? <PasteImagesNote {...pasted} /> : null}
          {editor ? (
            <EditorToolbar
              editor={editor}
              labelledBy={labelId}
              onLink={() => setDialog("link")}
              onImage={() => {
                setEditingImage(selectedImage);
                setDialog("image");
              }}
            />
          ) : null}
          <Box
            css={{
              "& .tiptap": {
                minHeight: "20rem",
                maxHeight: "70vh",
                overflowY: "auto",
                padding: "1rem 1.25rem",
                outline: "none",
                fontSize: "md",
                lineHeight: 1.8,
              },
              "& .tiptap:focus-visible": { boxShadow: "inset 0 0 0 2px var(--ck-colors-brand-solid)" },
              "& .tiptap > * + *": { marginTop: "0.9em" },
              "& .tiptap h2": { fontSize: "1.5em", fontWeight: 700, lineHeight: 1.3 },
              "& .tiptap h3": { fontSize: "1.25em", fontWeight: 700, lineHeight: 1.35 },
              "& .tiptap ul, & .tiptap ol": { paddingInlineStart: "1.5em" },
              "& .tiptap ul": { listStyleType: "disc" },
              "& .tiptap ol": { listStyleType: "decimal" },
              "& .tiptap a": { color: "var(--ck-colors-brand-fg)", textDecoration: "underline" },
              "& .tiptap blockquote": {
                borderInlineStartWidth: "4px",
                borderColor: "var(--ck-colors-sand-400)",
                paddingInlineStart: "1em",
                color: "var(--ck-colors-fg-muted)",
              },
              "& .tiptap img": { maxWidth: "100%", height: "auto", borderRadius: "0.75rem" },
              "& .tiptap img.ProseMirror-selectednode": { outline: "3px solid var(--ck-colors-brand-solid)" },
              "& .tiptap hr": { borderColor: "var(--ck-colors-border)", margin: "1.5em 0" },
              "& .tiptap table": { borderCollapse: "collapse", display: "block", overflowX: "auto", maxWidth: "100%" },
              "& .tiptap th, & .tiptap td": tableCellStyle("0.4em 0.6em", "6em"),
              "& .tiptap th": tableHeaderStyle,
              "& .tiptap .selectedCell": { background: "var(--ck-colors-brand-subtle)" },
              "& .tiptap hr.ProseMirror-selectednode": { borderColor: "var(--ck-colors-brand-solid)" },
              "& .tiptap p.is-editor-empty:first-child::before": {
                content: "attr(data-placeholder)",
                color: "var(--ck-colors-fg-muted)",
                float: "inline-start",
                height: 0,
                pointerEvents: "none",
              },
            }}
          >
            {editor ? (
              <EditorContent editor={editor} />
            ) : (
              <Text p="5" color="fg.muted" minH="20rem">
                {t`Loading the editor…`}
              </Text>
            )}
          </Box>
        </Tabs.Content>
        <Tabs.Content value="preview" p="0">
          <Box dir={language === "ar" ? "rtl" : "ltr"} px={{ base: "4", md: "8" }} py="6" minH="20rem" data-testid="post-preview">
            {isBlank(html) ? <Text color="fg.muted">{t`Nothing to preview yet.`}</Text> : <ArticleContent html={html} lang={language} />}
          </Box>
        </Tabs.Content>
      </Tabs.Root>
      {editor ? (
        <>
          <LinkDialog
            open={dialog === "link"}
            href={linkHref}
            needsText={needsText}
            onClose={closeDialog}
            onRemove={() => {
              editor.chain().focus().extendMarkRange("link").unsetLink().run();
              setDialog(null);
            }}
            onApply={({ href, text }) => {
              if (text) {
                editor
                  .chain()
                  .focus()
                  .insertContent({ type: "text", text, marks: [{ type: "link", attrs: { href } }] })
                  .run();
              } else {
                editor.chain().focus().extendMarkRange("link").setLink({ href }).run();
              }
              setDialog(null);
            }}
          />
          <ImageDialog
            open={dialog === "image"}
            editing={editingImage}
            upload={upload}
            onClose={closeDialog}
            onInsert={insertImage}
            onAltChange={(alt) => {
              editor.chain().focus().updateAttributes("image", { alt }).run();
              setDialog(null);
            }}
          />
        </>
      ) : null}
    </Box>
  );
}

/** What became of the pictures of the last paste (docs/admin-posts.md#paste). */
function PasteImagesNote({ dropped, uploading, failed }: { dropped: number; uploading: number; failed: number }) {
  return (
    <Text role="status" fontSize="sm" px="3" py="2" bg={uploading ? "bg.subtle" : "orange.50"} color="fg" data-testid="paste-images">
      {uploading ? <Plural value={uploading} one="Uploading # pasted picture…" other="Uploading # pasted pictures…" /> : null}
      {dropped ? (
        <Plural
          value={dropped}
          one="# picture was left out: the paste did not carry it (Word keeps pictures on your computer). Add it with the Image button."
          other="# pictures were left out: the paste did not carry them (Word keeps pictures on your computer). Add them with the Image button."
        />
      ) : null}{" "}
      {failed ? (
        <Plural value={failed} one="# pasted picture could not be uploaded." other="# pasted pictures could not be uploaded." />
      ) : null}
    </Text>
  );
}
