/**
 * The post editor's parts (issue 35): each story runs in Arabic (right to left) and English (left to right).
 * ContentImageDialog, HeroImageUpload, EditorToolbar, and the parts that keep work from being lost
 * (autosave line, restored copy, save conflict, revision history) and preview links.
 */
import { msg } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { useEditor } from "@tiptap/react";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { AutosaveStatus } from "@/features/admin-posts/components/autosave-status";
import { ImageDialog } from "@/features/admin-posts/components/content-image-dialog";
import { HeroImageUpload } from "@/features/admin-posts/components/hero-image-upload";
import { PreviewLinks } from "@/features/admin-posts/components/preview-links";
import { RestoredDraftNotice } from "@/features/admin-posts/components/restored-draft-notice";
import { RevisionHistory } from "@/features/admin-posts/components/revision-history";
import { EditorToolbar } from "@/features/admin-posts/components/rich-text-editor/editor-toolbar";
import { postContentExtensions } from "@/features/admin-posts/components/rich-text-editor/extensions";
import { SaveConflictDialog } from "@/features/admin-posts/components/save-conflict-dialog";
import { samplePost } from "@/features/admin-posts/schemas/sample-post.test-support";
import { translator } from "../../support/i18n";

const NOW = Date.parse("2026-11-27T10:00:00Z");
const upload = fn(async () => "/images/blog/dubai-off-plan.png");

const meta = {
  title: "Admin/Posts/Editor parts",
  parameters: { layout: "padded", route: "/admin/posts/p1/edit" },
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

export const ContentImageDialogNew: Story = {
  render: () => <ImageDialog open upload={upload} onInsert={fn()} onAltChange={fn()} onClose={fn()} />,
};
export const ContentImageDialogEditingAlt: Story = {
  render: () => (
    <ImageDialog open editing={{ alt: "أبراج دبي مارينا عند الغروب" }} upload={upload} onInsert={fn()} onAltChange={fn()} onClose={fn()} />
  ),
};

export const HeroImageUploadEmpty: Story = {
  render: () => <HeroImageUpload value={null} onChange={fn()} upload={upload} notify={fn()} />,
};
export const HeroImageUploadWithImage: Story = {
  render: () => <HeroImageUpload value="/images/blog/dubai-off-plan.png" onChange={fn()} upload={upload} notify={fn()} />,
};

function Toolbar({ content }: { content: string }) {
  const editor = useEditor({ extensions: postContentExtensions(), content, immediatelyRender: true });
  if (!editor) return null;
  return (
    <>
      <span id="toolbar-story-label" hidden>
        Content
      </span>
      <EditorToolbar editor={editor} labelledBy="toolbar-story-label" onLink={fn()} onImage={fn()} />
    </>
  );
}
export const EditorToolbarArabicText: Story = { render: () => <Toolbar content='<p dir="auto">نص عربي</p>' /> };
/** The toolbar's table button inserts a table with a header row. */
export const EditorToolbarInTable: Story = {
  render: () => (
    <Toolbar content="<table><tr><th><p>المنطقة</p></th><th><p>العائد</p></th></tr><tr><td><p>دبي</p></td><td><p>7%</p></td></tr></table>" />
  ),
};

export const AutosaveSaving: Story = { render: () => <AutosaveStatus state="saving" savedAt={null} where="server" /> };
export const AutosaveSaved: Story = { render: () => <AutosaveStatus state="saved" savedAt="2026-11-27T10:32:00Z" where="server" /> };
export const AutosaveSavedOnDevice: Story = {
  render: () => <AutosaveStatus state="saved" savedAt="2026-11-27T10:32:00Z" where="device" />,
};
export const AutosaveFailed: Story = { render: () => <AutosaveStatus state="failed" savedAt={null} where="server" /> };

export const RestoredCopy: Story = { render: () => <RestoredDraftNotice savedAt="2026-11-27T09:15:00Z" onDiscard={fn()} /> };

const current = samplePost({ title: "عنوان من علامة تبويب أخرى", version: 3, updated_at: "2026-11-27T09:40:00Z" });
const { id: _i, translation_group: _g, created_at: _c, updated_at: _u, version: _v, ...mine } = samplePost({ title: "عنواني" });
export const SaveConflict: Story = {
  render: () => <SaveConflictDialog conflict={{ current, values: mine }} onReload={fn()} onKeep={fn()} onOverwrite={fn()} />,
  play: async (context) => {
    const t = translator(context);
    const dialog = await within(document.body).findByRole("alertdialog", { name: t(msg`This post was changed elsewhere`) });
    await waitFor(() => expect(within(dialog).getByRole("button", { name: t(msg`Load the saved version`) })).toBeVisible());
  },
};

const keep = fn();
const reload = fn();
const overwrite = fn();
/** "Keep editing" closes the dialog through the dialog itself: the writer is back in the form, nothing else runs. */
export const SaveConflictKeepEditing: Story = {
  render: () => <SaveConflictDialog conflict={{ current, values: mine }} onReload={reload} onKeep={keep} onOverwrite={overwrite} />,
  play: async (context) => {
    const t = translator(context);
    for (const spy of [keep, reload, overwrite]) spy.mockClear();
    const dialog = await within(document.body).findByRole("alertdialog", { name: t(msg`This post was changed elsewhere`) });
    await userEvent.click(await within(dialog).findByRole("button", { name: t(msg`Keep editing`) }));
    await waitFor(() => expect(keep).toHaveBeenCalledTimes(1));
    await expect(reload).not.toHaveBeenCalled();
    await expect(overwrite).not.toHaveBeenCalled();
  },
};

const revisions = [
  { id: "r3", version: 3, author_email: "sara@example.com", created_at: "2026-11-27T09:40:00Z", title: "سوق دبي في 2026" },
  { id: "r2", version: 2, author_email: "omar@example.com", created_at: "2026-11-26T15:10:00Z", title: "سوق دبي" },
  { id: "r1", version: 1, author_email: null, created_at: "2026-11-25T08:00:00Z", title: "Dubai market" },
];
export const RevisionHistoryOpen: Story = {
  render: () => <RevisionHistory load={async () => revisions} onRestore={fn(async () => {})} currentVersion={3} initial={revisions} />,
};
export const RevisionHistoryClosed: Story = {
  render: () => <RevisionHistory load={async () => revisions} onRestore={fn(async () => {})} currentVersion={3} />,
  play: async (context) => {
    const t = translator(context);
    await userEvent.click(within(context.canvasElement).getByRole("button", { name: t(msg`Revision history`) }));
    const dialog = await within(document.body).findByRole("dialog", { name: t(msg`Revision history`) });
    await expect(await within(dialog).findAllByRole("listitem")).toHaveLength(3);
  },
};

const links = [
  {
    id: "l1",
    created_at: "2026-11-26T10:00:00Z",
    expires_at: "2026-12-03T10:00:00Z",
    revoked_at: null,
    created_by_email: "sara@example.com",
  },
];
export const PreviewLinksWithLink: Story = {
  render: () => (
    <PreviewLinks
      load={async () => links}
      create={async () => ({ link: links[0]!, url: "https://wasla.example/preview/0123456789abcdef" })}
      revoke={fn(async () => {})}
      now={() => NOW}
      initial={links}
      initialMade="https://wasla.example/preview/0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"
    />
  ),
};
export const PreviewLinksNone: Story = {
  render: () => <PreviewLinks load={async () => []} create={fn()} revoke={fn()} now={() => NOW} initial={[]} />,
};
