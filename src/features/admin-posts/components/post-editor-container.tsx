import { Center, Spinner, VisuallyHidden } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useActorRef, useSelector } from "@xstate/react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useBlocker, useNavigate } from "react-router";
import { fromPromise } from "xstate";
import { localizePath } from "@/lib/i18n/locale";
import { useLocale } from "@/lib/i18n/locale-context";
import { useSiteConfig } from "@/lib/site-config-context";
import { sanitizeHtml } from "@/lib/sanitize";
import { getSupabase } from "@/lib/supabase/client";
import { discardAutosave, storeAutosave } from "../api/autosave";
import { createTranslation } from "../api/create-translation";
import { getPost } from "../api/get-post";
import { getRevision } from "../api/get-revision";
import { listRevisions } from "../api/list-revisions";
import { createPreviewLink, listPreviewLinks, revokePreviewLink } from "../api/preview-links";
import { savePost } from "../api/save-post";
import { uploadPostImage } from "../api/upload-post-image";
import { clearLocalDraft, readLocalDraft, writeLocalDraft } from "../lib/local-draft";
import { createAutosaveMachine } from "../machines/autosave.machine";
import { postEditorMachine } from "../machines/post-editor.machine";
import {
  type LoadedPost,
  type PostFormFields,
  type PostLanguage,
  type PostRevisionSummary,
  toFormFields,
  toPostValues,
} from "../schemas/post";
import { AutosaveStatus, type AutosaveState } from "./autosave-status";
import { HeroImageUpload, type UploadImage } from "./hero-image-upload";
import type { Notify } from "./notify";
import { PostEditorForm } from "./post-editor-form";
import { PreviewLinks } from "./preview-links";
import { RestoredDraftNotice } from "./restored-draft-notice";
import { RevisionHistory } from "./revision-history";
import { SaveConflictDialog } from "./save-conflict-dialog";
import { UnsavedChangesDialog } from "./unsaved-changes-dialog";

const autosaveMachine = createAutosaveMachine<PostFormFields>();

/**
 * A stored post with the newest unsaved copy of the writer's changes: the server's autosave or this
 * device's copy (written when the tab was closed before the server had it).
 */
async function loadWithDrafts(id: string): Promise<LoadedPost> {
  const loaded = await getPost(await getSupabase(), id);
  const local = readLocalDraft(id, loaded.post.language);
  const server = loaded.autosave ?? null;
  if (local && local.baseVersion !== null && (!server || Date.parse(local.savedAt) > Date.parse(server.saved_at))) {
    return { ...loaded, autosave: { fields: local.fields, base_version: local.baseVersion, saved_at: local.savedAt } };
  }
  return loaded;
}

/** What the form starts from instead of the stored post, and why. */
interface Restored {
  fields: PostFormFields;
  /** An unsaved copy (shown with a notice, when it was saved), or a revision put back. */
  savedAt: string | null;
}

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : undefined);

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
  const { href, locale, intl } = useLocale();
  const { businessTimeZone: timeZone } = useSiteConfig();
  const navigate = useNavigate();
  const leaving = useRef(false);
  const dirty = useRef(false);
  const [uploading, setUploading] = useState(false);
  /** Bumped when the form starts again: after "Save as Draft", a reload, a restore, a discarded copy. */
  const [revision, setRevision] = useState(0);
  /** Unsaved changes the form starts with (an autosaved copy, a restored revision). */
  const [restored, setRestored] = useState<Restored | null>(() => {
    if (id) return null;
    const local = readLocalDraft(null, locale as PostLanguage);
    return local ? { fields: local.fields, savedAt: local.savedAt } : null;
  });
  /** The form's latest fields and the version they started from (for the autosave and the device copy). */
  const latestFields = useRef<PostFormFields | null>(null);
  const baseVersion = useRef<number | null>(null);
  const savedId = useRef<string | null>(id);

  const provided = useMemo(
    () =>
      postEditorMachine.provide({
        actors: {
          loadPost: fromPromise(async ({ input }) => {
            const loaded = await loadWithDrafts(input.id);
            if (loaded.autosave) setRestored({ fields: loaded.autosave.fields, savedAt: loaded.autosave.saved_at });
            return loaded;
          }),
          savePost: fromPromise(async ({ input }) => savePost(await getSupabase(), input.id, input.values, input.baseVersion ?? undefined)),
          translatePost: fromPromise(async ({ input }) => createTranslation(await getSupabase(), input.post)),
        },
        actions: {
          notifyLoadFailed: () => notify({ type: "error", title: t`Failed to load post. Please try again.` }),
          leave: () => {
            leaving.current = true;
            void navigate(href("/admin/posts"));
          },
          notifySaved: (_, { created, post: saved }) => {
            clearLocalDraft(created ? null : saved.id);
            notify({ type: "success", title: created ? t`Post created successfully.` : t`Post updated successfully.` });
          },
          notifyDraftSaved: (_, { created, post: saved }) => {
            clearLocalDraft(created ? null : saved.id);
            notify({ type: "success", title: t`Draft saved.`, description: t`Only administrators can see it.` });
          },
          stayOnPost: (_, { id: saved, created }) => {
            if (!created) {
              setRestored(null);
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
          reloadPost: (_, { post: current }) => {
            clearLocalDraft(current.id);
            void getSupabase()
              .then((supabase) => discardAutosave(supabase, current.id))
              .catch(() => {});
            setRestored(null);
            setRevision((r) => r + 1);
          },
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
  baseVersion.current = snap.context.baseVersion;
  // A new post has an id from its first save on (the editor stays on it after "Save as Draft").
  savedId.current = snap.context.id;

  // Autosave: a stored post to the server, a new post on this device (docs/admin-posts.md#never-lost).
  const autosaveLogic = useMemo(
    () =>
      autosaveMachine.provide({
        actors: {
          store: fromPromise(async ({ input }) => {
            const postId = savedId.current;
            if (!postId) return writeLocalDraft(null, input.fields, null);
            const at = await storeAutosave(await getSupabase(), postId, input.fields, baseVersion.current ?? 1);
            clearLocalDraft(postId);
            return at;
          }),
        },
      }),
    [],
  );
  const autosave = useActorRef(autosaveLogic);
  const autosaveState = useSelector(autosave, (s) => ({ state: s.value as AutosaveState, savedAt: s.context.savedAt }));
  const editing = snap.matches("editing") || snap.matches("conflict");
  const onFieldsChange = useCallback(
    (fields: PostFormFields) => {
      latestFields.current = fields;
      autosave.send({ type: "change", fields });
    },
    [autosave],
  );
  // Changes not yet autosaved when the tab is hidden or closed stay on this device.
  useEffect(() => {
    const keep = () => {
      const state = autosave.getSnapshot().value;
      if (latestFields.current && (state === "waiting" || state === "saving" || state === "failed")) {
        try {
          writeLocalDraft(savedId.current, latestFields.current, baseVersion.current);
        } catch {
          // The device keeps nothing: the server's last autosave is what is left.
        }
      }
    };
    const onVisibility = () => document.visibilityState === "hidden" && keep();
    window.addEventListener("pagehide", keep);
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      window.removeEventListener("pagehide", keep);
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, [autosave]);

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
    [loaded, post?.id, post?.version, timeZone, revision],
  );
  // The autosave pauses while a save runs and starts again from what the form then starts from.
  useEffect(() => {
    if (!defaultValues) return;
    if (!editing) {
      autosave.send({ type: "pause" });
      return;
    }
    autosave.send({ type: "resume", fields: defaultValues });
    // Changes a refused save did not store are still to autosave.
    if (latestFields.current && !snap.matches("editing")) return;
    if (latestFields.current) autosave.send({ type: "change", fields: latestFields.current });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editing, defaultValues, autosave]);
  const restoredFields = restored?.fields ?? null;

  const discardRestored = useCallback(() => {
    clearLocalDraft(savedId.current);
    if (savedId.current) {
      const postId = savedId.current;
      void getSupabase()
        .then((supabase) => discardAutosave(supabase, postId))
        .catch(() => notify({ type: "error", title: t`Could not discard the saved copy. Please try again.` }));
    }
    latestFields.current = null;
    actor.send({ type: "base.reset" });
    setRestored(null);
    setRevision((r) => r + 1);
  }, [actor, notify, t]);

  const loadPreviewLinks = useCallback(async () => listPreviewLinks(await getSupabase(), savedId.current!), []);
  const makePreviewLink = useCallback(async () => {
    const { link, token } = await createPreviewLink(await getSupabase(), savedId.current!);
    const language = snap.context.post?.language ?? (locale as PostLanguage);
    return { link, url: new URL(localizePath(`/preview/${token}`, language), window.location.origin).href };
  }, [snap.context.post?.language, locale]);
  const revokeLink = useCallback(async (linkId: string) => revokePreviewLink(await getSupabase(), linkId), []);

  const loadRevisions = useCallback(async () => listRevisions(await getSupabase(), savedId.current!), []);
  const restoreRevision = useCallback(
    async (summary: PostRevisionSummary) => {
      try {
        const stored = await getRevision(await getSupabase(), summary.id);
        const fields = toFormFields(stored, { timeZone, now: now(), language: stored.language });
        // The content comes back; the publishing choice stays as it is in the editor.
        const current = latestFields.current;
        setRestored({
          fields: current
            ? { ...fields, language: current.language, publish_mode: current.publish_mode, schedule_at: current.schedule_at }
            : fields,
          savedAt: null,
        });
        setRevision((r) => r + 1);
        const when = new Intl.DateTimeFormat(intl, { dateStyle: "medium", timeStyle: "short" }).format(new Date(summary.created_at));
        notify({ type: "info", title: t`The version of ${when} is in the editor.`, description: t`Save the post to keep it.` });
      } catch (error) {
        notify({ type: "error", title: t`Could not restore that version. Please try again.`, description: messageOf(error) });
        throw error;
      }
    },
    [timeZone, now, intl, notify, t],
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
        initialValues={restoredFields}
        onFieldsChange={editing ? onFieldsChange : undefined}
        notice={restored?.savedAt ? <RestoredDraftNotice savedAt={restored.savedAt} onDiscard={discardRestored} /> : null}
        status={<AutosaveStatus state={autosaveState.state} savedAt={autosaveState.savedAt} where={id ? "server" : "device"} />}
        tools={
          post ? (
            <>
              <RevisionHistory load={loadRevisions} onRestore={restoreRevision} currentVersion={post.version} />
              <PreviewLinks load={loadPreviewLinks} create={makePreviewLink} revoke={revokeLink} now={now} />
            </>
          ) : null
        }
        renderImageField={({ value, onChange }) => (
          <HeroImageUpload value={value} onChange={onChange} upload={upload} notify={notify} onUploadingChange={setUploading} />
        )}
      />
      <SaveConflictDialog
        conflict={snap.context.conflict}
        onReload={() => actor.send({ type: "conflict.reload" })}
        onKeep={() => actor.send({ type: "conflict.keep" })}
        onOverwrite={() => actor.send({ type: "conflict.overwrite" })}
      />
      <UnsavedChangesDialog open={blocker.state === "blocked"} onStay={() => blocker.reset?.()} onLeave={() => blocker.proceed?.()} />
    </>
  );
}
