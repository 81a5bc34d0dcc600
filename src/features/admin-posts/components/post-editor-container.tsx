import { Center, Spinner, VisuallyHidden } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useActorRef, useSelector } from "@xstate/react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useBlocker, useNavigate } from "react-router";
import { fromPromise } from "xstate";
import { useLocale } from "@/lib/i18n/locale-context";
import { useSiteConfig } from "@/lib/site-config-context";
import { sanitizeHtml } from "@/lib/sanitize";
import { getSupabase } from "@/lib/supabase/client";
import { createTranslation } from "../api/create-translation";
import { getPost } from "../api/get-post";
import { savePost } from "../api/save-post";
import { uploadPostImage } from "../api/upload-post-image";
import { postEditorMachine } from "../machines/post-editor.machine";
import { type PostFormFields, toFormFields, toPostValues } from "../schemas/post";
import { HeroImageUpload, type UploadImage } from "./hero-image-upload";
import type { Notify } from "./notify";
import { PostEditorForm } from "./post-editor-form";
import { UnsavedChangesDialog } from "./unsaved-changes-dialog";

const defaultUpload: UploadImage = async (file, { onProgress, signal }) =>
  uploadPostImage(await getSupabase(), file, { onProgress, signal });

interface PostEditorContainerProps {
  /** null for a new post. */
  id: string | null;
  notify: Notify;
  /** Stories pass a machine with fake actors and a fake upload. */
  logic?: typeof postEditorMachine;
  upload?: UploadImage;
  /** The clock (stories fix it). */
  now?: () => number;
}

/** The editor page: load (when editing), the form, image upload, save, translate, and the unsaved-changes guard. */
export function PostEditorContainer({ id, notify, logic, upload = defaultUpload, now = Date.now }: PostEditorContainerProps) {
  const { t } = useLingui();
  const { href, locale } = useLocale();
  const { businessTimeZone: timeZone } = useSiteConfig();
  const navigate = useNavigate();
  const leaving = useRef(false);
  const dirty = useRef(false);
  const [uploading, setUploading] = useState(false);
  /** Bumped after "Save as Draft" on a stored post: the form starts again from what was saved (clean). */
  const [revision, setRevision] = useState(0);

  const provided = useMemo(
    () =>
      postEditorMachine.provide({
        actors: {
          loadPost: fromPromise(async ({ input }) => getPost(await getSupabase(), input.id)),
          savePost: fromPromise(async ({ input }) => savePost(await getSupabase(), input.id, input.values)),
          translatePost: fromPromise(async ({ input }) => createTranslation(await getSupabase(), input.post)),
        },
        actions: {
          notifyLoadFailed: () => notify({ type: "error", title: t`Failed to load post. Please try again.` }),
          leave: () => {
            leaving.current = true;
            void navigate(href("/admin/posts"));
          },
          notifySaved: (_, { created }) =>
            notify({ type: "success", title: created ? t`Post created successfully.` : t`Post updated successfully.` }),
          notifyDraftSaved: () => notify({ type: "success", title: t`Draft saved.`, description: t`Only administrators can see it.` }),
          stayOnPost: (_, { id: saved, created }) => {
            if (!created) {
              setRevision((r) => r + 1);
              return;
            }
            // A new post: its edit address (the route opens it there, loaded from what was stored).
            leaving.current = true;
            void navigate(href(`/admin/posts/${saved}/edit`), { replace: true });
          },
          notifySaveFailed: (_, { message }) =>
            notify({ type: "error", title: t`Failed to save post. Please try again.`, description: message ?? undefined }),
          notifyTranslateFailed: (_, { message }) =>
            notify({ type: "error", title: t`Could not create the translation. Please try again.`, description: message ?? undefined }),
          openPost: (_, { id: next }) => {
            notify({ type: "success", title: t`Translation draft created.` });
            void navigate(href(`/admin/posts/${next}/edit`));
          },
        },
      }),
    [notify, t, navigate, href],
  );
  const actor = useActorRef(logic ?? provided, { input: { id } });
  const snap = useSelector(actor, (s) => s);
  const saving = snap.matches("saving") || snap.matches("saved");
  const post = snap.context.post;

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

  const loaded = !(snap.matches("start") || snap.matches("loading") || snap.matches("loadFailed"));
  // The form's starting values are computed once the post is in (the clock is read then, not on every render).
  const defaultValues = useMemo(
    () => (loaded ? toFormFields(post, { timeZone, now: now(), language: locale }) : null),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [loaded, post?.id, timeZone, revision],
  );
  const onSubmit = useCallback(
    // Saved as it will be shown: the same DOMPurify rules as the article's (src/lib/sanitize.ts).
    (fields: PostFormFields, { draft = false }: { draft?: boolean } = {}) =>
      actor.send({
        type: "post.save",
        draft,
        values: toPostValues(
          { ...fields, content: sanitizeHtml(fields.content, { responsive: false }) },
          { timeZone, now: now(), previous: snap.context.post },
        ),
      }),
    [actor, timeZone, now, snap.context.post],
  );

  if (!loaded || !defaultValues) {
    return (
      <Center py="24" role="status">
        <Spinner size="lg" color="brand.solid" />
        <VisuallyHidden>
          <Trans>Loading post…</Trans>
        </VisuallyHidden>
      </Center>
    );
  }

  return (
    <>
      <PostEditorForm
        key={revision}
        mode={id ? "edit" : "new"}
        defaultValues={defaultValues}
        timeZone={timeZone}
        now={now}
        liveSlug={post?.published ? post.slug : null}
        slugTaken={snap.context.slugTaken}
        translation={snap.context.translation}
        onTranslate={post && !snap.context.translation ? () => actor.send({ type: "post.translate" }) : undefined}
        translating={snap.matches("translating") || snap.matches("translated")}
        saving={saving}
        uploading={uploading}
        onDirtyChange={onDirtyChange}
        onSubmit={onSubmit}
        uploadImage={upload}
        renderImageField={({ value, onChange }) => (
          <HeroImageUpload value={value} onChange={onChange} upload={upload} notify={notify} onUploadingChange={setUploading} />
        )}
      />
      <UnsavedChangesDialog open={blocker.state === "blocked"} onStay={() => blocker.reset?.()} onLeave={() => blocker.proceed?.()} />
    </>
  );
}
