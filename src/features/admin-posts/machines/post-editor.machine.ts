/**
 * The post editor (docs/product.md#admin-posts, docs/admin-posts.md): load the post and its
 * translation when editing (a failure toasts and goes back to the table), save it (create or
 * update) with its toasts and go back to the table, or "Save as Draft": save and stay on the post, keep the marketer in the form when the slug they chose is taken, and
 * "Translate": create the linked draft in the other language and open it. A save carries the version it
 * was based on; when the post was saved elsewhere since, the save is refused and the editor shows the
 * conflict: reload the stored post, keep editing, or save over it (docs/admin-posts.md#never-lost).
 */
import { assign, fromPromise, setup } from "xstate";
import { SlugTakenError, StaleVersionError } from "../api/save-post";
import type { AdminPost, LoadedPost, PostFormValues, PostTranslation } from "../schemas/post";

interface PostEditorContext {
  id: string | null;
  post: AdminPost | null;
  translation: PostTranslation | null;
  /** The slug the last save was refused for (another post of the language has it). */
  slugTaken: string | null;
  /** The save running is "Save as Draft": stay in the editor afterwards. */
  draft: boolean;
  /** The values being saved. */
  pending: PostFormValues | null;
  /** The stored version the form's changes started from (the post's, or an autosave's). */
  baseVersion: number | null;
  /** A save refused because the post was saved elsewhere since: the stored post and the values refused. */
  conflict: { current: AdminPost; values: PostFormValues } | null;
}

/** `draft`: "Save as Draft" (the values are a draft): saved, then the marketer stays in the editor. */
type PostEditorEvent =
  | { type: "post.save"; values: PostFormValues; draft?: boolean }
  | { type: "post.translate" }
  /** The form starts again from the stored post (an autosave was discarded). */
  | { type: "base.reset" }
  | { type: "conflict.reload" }
  | { type: "conflict.keep" }
  | { type: "conflict.overwrite" };

interface SaveInput {
  id: string | null;
  previous: AdminPost | null;
  values: PostFormValues;
  baseVersion: number | null;
}

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : null);

export const postEditorMachine = setup({
  types: {
    context: {} as PostEditorContext,
    events: {} as PostEditorEvent,
    input: {} as { id: string | null },
  },
  actors: {
    loadPost: fromPromise<LoadedPost, { id: string }>(async () => {
      throw new Error('post editor: the "loadPost" actor was not provided');
    }),
    savePost: fromPromise<AdminPost, SaveInput>(async () => {
      throw new Error('post editor: the "savePost" actor was not provided');
    }),
    translatePost: fromPromise<AdminPost, { post: AdminPost }>(async () => {
      throw new Error('post editor: the "translatePost" actor was not provided');
    }),
  },
  actions: {
    notifyLoadFailed: () => {},
    /** Back to the posts table. */
    leave: () => {},
    notifySaved: (_, _params: { created: boolean; post: AdminPost }) => {},
    notifyDraftSaved: (_, _params: { created: boolean; post: AdminPost }) => {},
    /** Stay in the editor on the saved post: a new one gets its edit address, a stored one a clean form. */
    stayOnPost: (_, _params: { id: string; created: boolean }) => {},
    notifySaveFailed: (_, _params: { message: string | null }) => {},
    notifyTranslateFailed: (_, _params: { message: string | null }) => {},
    /** Open another post in the editor (the new translation). */
    openPost: (_, _params: { id: string }) => {},
    /** The form starts again from the stored post (the writer's refused changes are dropped). */
    reloadPost: (_, _params: { post: AdminPost }) => {},
  },
  guards: {
    isEditing: ({ context }) => context.id !== null,
    slugTaken: ({ event }) => (event as { error?: unknown }).error instanceof SlugTakenError,
    stale: ({ event }) => (event as { error?: unknown }).error instanceof StaleVersionError,
    savedDraft: ({ context }) => context.draft,
    canTranslate: ({ context }) => context.post !== null && context.translation === null,
  },
}).createMachine({
  id: "postEditor",
  context: ({ input }) => ({
    id: input.id,
    post: null,
    translation: null,
    slugTaken: null,
    draft: false,
    pending: null,
    baseVersion: null,
    conflict: null,
  }),
  initial: "start",
  states: {
    start: {
      always: [{ guard: "isEditing", target: "loading" }, { target: "editing" }],
    },
    loading: {
      invoke: {
        src: "loadPost",
        input: ({ context }) => ({ id: context.id! }),
        onDone: {
          target: "editing",
          actions: assign({
            post: ({ event }) => event.output.post,
            translation: ({ event }) => event.output.translation,
            baseVersion: ({ event }) => event.output.autosave?.base_version ?? event.output.post.version,
          }),
        },
        onError: { target: "loadFailed" },
      },
    },
    loadFailed: {
      entry: ["notifyLoadFailed", "leave"],
      type: "final",
    },
    editing: {
      on: {
        "post.save": {
          target: "saving",
          actions: assign({ pending: ({ event }) => event.values, draft: ({ event }) => Boolean(event.draft) }),
        },
        "post.translate": { guard: "canTranslate", target: "translating" },
        "base.reset": { actions: assign({ baseVersion: ({ context }) => context.post?.version ?? null }) },
      },
    },
    saving: {
      entry: assign({ slugTaken: null, conflict: null }),
      invoke: {
        src: "savePost",
        input: ({ context }) => ({ id: context.id, previous: context.post, values: context.pending!, baseVersion: context.baseVersion }),
        onDone: [
          {
            guard: "savedDraft",
            target: "editing",
            actions: [
              { type: "notifyDraftSaved", params: ({ context, event }) => ({ created: context.id === null, post: event.output }) },
              { type: "stayOnPost", params: ({ context, event }) => ({ id: event.output.id, created: context.id === null }) },
              assign({
                post: ({ event }) => event.output,
                id: ({ event }) => event.output.id,
                baseVersion: ({ event }) => event.output.version,
                draft: false,
              }),
            ],
          },
          {
            target: "saved",
            actions: [
              { type: "notifySaved", params: ({ context, event }) => ({ created: context.id === null, post: event.output }) },
              assign({
                post: ({ event }) => event.output,
                id: ({ event }) => event.output.id,
                baseVersion: ({ event }) => event.output.version,
              }),
            ],
          },
        ],
        onError: [
          {
            guard: "slugTaken",
            target: "editing",
            actions: assign({ slugTaken: ({ event }) => (event.error as SlugTakenError).slug }),
          },
          {
            guard: "stale",
            target: "conflict",
            actions: assign({
              conflict: ({ context, event }) => ({ current: (event.error as StaleVersionError).current, values: context.pending! }),
            }),
          },
          {
            target: "editing",
            actions: { type: "notifySaveFailed", params: ({ event }) => ({ message: messageOf(event.error) }) },
          },
        ],
      },
    },
    conflict: {
      on: {
        "conflict.reload": {
          target: "editing",
          actions: [
            { type: "reloadPost", params: ({ context }) => ({ post: context.conflict!.current }) },
            assign({
              post: ({ context }) => context.conflict!.current,
              baseVersion: ({ context }) => context.conflict!.current.version,
              conflict: null,
              draft: false,
            }),
          ],
        },
        "conflict.keep": { target: "editing", actions: assign({ conflict: null, draft: false }) },
        // Save the refused values over the stored post: based on the version now stored.
        "conflict.overwrite": { target: "saving", actions: assign({ baseVersion: ({ context }) => context.conflict!.current.version }) },
      },
    },
    saved: {
      entry: "leave",
      type: "final",
    },
    translating: {
      invoke: {
        src: "translatePost",
        input: ({ context }) => ({ post: context.post! }),
        onDone: { target: "translated", actions: { type: "openPost", params: ({ event }) => ({ id: event.output.id }) } },
        onError: {
          target: "editing",
          actions: { type: "notifyTranslateFailed", params: ({ event }) => ({ message: messageOf(event.error) }) },
        },
      },
    },
    translated: {
      type: "final",
    },
  },
});
