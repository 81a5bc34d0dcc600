import { Center, Spinner, VisuallyHidden } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useActorRef, useSelector } from "@xstate/react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useBlocker, useNavigate } from "react-router";
import { fromPromise } from "xstate";
import { useLocale } from "@/lib/i18n/locale-context";
import { getSupabase } from "@/lib/supabase/client";
import { getPost } from "../api/get-post";
import { savePost } from "../api/save-post";
import { uploadPostImage } from "../api/upload-post-image";
import { postEditorMachine } from "../machines/post-editor.machine";
import { type AdminPost, type PostFormValues, emptyPost } from "../schemas/post";
import { HeroImageUpload, type UploadImage } from "./hero-image-upload";
import type { Notify } from "./notify";
import { PostEditorForm } from "./post-editor-form";
import { UnsavedChangesDialog } from "./unsaved-changes-dialog";

const toValues = (p: AdminPost | null): PostFormValues =>
  p
    ? {
        title: p.title,
        excerpt: p.excerpt,
        content: p.content,
        category: p.category,
        country: p.country,
        read_time: p.read_time,
        is_popular: p.is_popular,
        published: p.published,
        hero_image_url: p.hero_image_url,
      }
    : emptyPost;

const defaultUpload: UploadImage = async (file, { onProgress, signal }) => uploadPostImage(await getSupabase(), file, { onProgress, signal });

export interface PostEditorContainerProps {
  /** null for a new post. */
  id: string | null;
  notify: Notify;
  /** Stories pass a machine with fake actors and a fake upload. */
  logic?: typeof postEditorMachine;
  upload?: UploadImage;
}

/** The editor page: load (when editing), the form, image upload, save, and the unsaved-changes guard. */
export function PostEditorContainer({ id, notify, logic, upload = defaultUpload }: PostEditorContainerProps) {
  const { t } = useLingui();
  const { href } = useLocale();
  const navigate = useNavigate();
  const leaving = useRef(false);
  const dirty = useRef(false);
  const [uploading, setUploading] = useState(false);

  const provided = useMemo(
    () =>
      postEditorMachine.provide({
        actors: {
          loadPost: fromPromise(async ({ input }) => getPost(await getSupabase(), input.id)),
          savePost: fromPromise(async ({ input }) => savePost(await getSupabase(), input.id, input.previous, input.values)),
        },
        actions: {
          notifyLoadFailed: () => notify({ type: "error", title: t`Failed to load post. Please try again.` }),
          leave: () => {
            leaving.current = true;
            void navigate(href("/admin/posts"));
          },
          notifySaved: (_, { created }) =>
            notify({ type: "success", title: created ? t`Post created successfully.` : t`Post updated successfully.` }),
          notifySaveFailed: (_, { message }) =>
            notify({ type: "error", title: t`Failed to save post. Please try again.`, description: message ?? undefined }),
        },
      }),
    [notify, t, navigate, href],
  );
  const actor = useActorRef(logic ?? provided, { input: { id } });
  const snap = useSelector(actor, (s) => s);
  const saving = snap.matches("saving") || snap.matches("saved");

  // Unsaved changes: ask before leaving inside the app, and let the browser ask on reload/close.
  const onDirtyChange = useCallback((d: boolean) => {
    dirty.current = d;
  }, []);
  const isDirty = useCallback(() => !leaving.current && dirty.current, []);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => isDirty() && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (!isDirty()) return;
      e.preventDefault();
      e.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [isDirty]);

  if (snap.matches("start") || snap.matches("loading") || snap.matches("loadFailed")) {
    return (
      <Center py="24" role="status">
        <Spinner size="lg" color="brand.solid" />
        <VisuallyHidden>
          <Trans>Loading post…</Trans>
        </VisuallyHidden>
      </Center>
    );
  }

  const post = snap.context.post;
  return (
    <>
      <PostEditorForm
        mode={id ? "edit" : "new"}
        defaultValues={toValues(post)}
        liveSlug={post?.published ? post.slug : null}
        saving={saving}
        uploading={uploading}
        onDirtyChange={onDirtyChange}
        onSubmit={(values) => actor.send({ type: "post.save", values })}
        renderImageField={({ value, onChange }) => (
          <HeroImageUpload value={value} onChange={onChange} upload={upload} notify={notify} onUploadingChange={setUploading} />
        )}
      />
      <UnsavedChangesDialog
        open={blocker.state === "blocked"}
        onStay={() => blocker.reset?.()}
        onLeave={() => blocker.proceed?.()}
      />
    </>
  );
}
