import { describe, expect, it } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import { SlugTakenError, StaleVersionError } from "../api/save-post";
import type { AdminPost, LoadedPost, PostTranslation } from "../schemas/post";
import { samplePost } from "../schemas/sample-post.test-support";
import { postEditorMachine } from "./post-editor.machine";

const stored = samplePost();
const { id: _id, translation_group: _group, created_at: _created, updated_at: _updated, version: _version, ...values } = stored;

const english: PostTranslation = {
  id: "p2",
  slug: "hello",
  title: "Hello",
  language: "en",
  published: false,
  published_at: null,
  translation_group: "tg-1",
};

type Implementations = Parameters<typeof postEditorMachine.provide>[0];

/** The editor on a new post (id null) or a stored one, with these stand-ins for its actors and actions. */
const startEditor = (id: string | null, implementations: Implementations = {}) =>
  createActor(postEditorMachine.provide(implementations), { input: { id } }).start();

/** loadPost answering with this post and translation (and autosave). */
const loads = <Input>(loaded: LoadedPost) => fromPromise<LoadedPost, Input>(async () => loaded);

/** An actor (of the output and input its place asks for) whose call fails with this error. */
const fails = <Output, Input>(error: Error) =>
  fromPromise<Output, Input>(async () => {
    throw error;
  });

describe("post editor machine", () => {
  it("creates a new post, says so and leaves", async () => {
    const log: string[] = [];
    const actor = startEditor(null, {
      actors: { savePost: fromPromise(async ({ input }) => ({ ...stored, ...input.values, id: "new" })) },
      actions: {
        notifySaved: (_, p) => void log.push(p.created ? "created" : "updated"),
        leave: () => void log.push("leave"),
      },
    });
    expect(actor.getSnapshot().value).toBe("editing");
    actor.send({ type: "post.save", values: { ...values, title: "New" } });
    await waitFor(actor, (s) => s.status === "done");
    expect(log).toEqual(["created", "leave"]);
  });

  it("Save as Draft on a new post creates it, says so and stays on its edit address", async () => {
    const log: string[] = [];
    const actor = startEditor(null, {
      actors: { savePost: fromPromise(async ({ input }) => ({ ...stored, ...input.values, id: "new-id" })) },
      actions: {
        notifySaved: () => void log.push("saved"),
        notifyDraftSaved: (_, p) => void log.push(`draft saved ${p.created ? "created" : "updated"} ${p.post.id}`),
        stayOnPost: (_, p) => void log.push(`stay ${p.id} ${p.created}`),
        leave: () => void log.push("leave"),
      },
    });
    actor.send({ type: "post.save", values: { ...values, published: false }, draft: true });
    await waitFor(actor, (s) => s.matches("editing") && log.length > 0);
    expect(log).toEqual(["draft saved created new-id", "stay new-id true"]);
    expect(actor.getSnapshot().context).toMatchObject({ id: "new-id", draft: false });
    // A second draft save updates the same post, and an ordinary save afterwards leaves as before.
    actor.send({ type: "post.save", values: { ...values, published: false }, draft: true });
    await waitFor(actor, (s) => s.matches("editing") && log.length > 2);
    expect(log.slice(2)).toEqual(["draft saved updated new-id", "stay new-id false"]);
    actor.send({ type: "post.save", values });
    await waitFor(actor, (s) => s.status === "done");
    expect(log.slice(4)).toEqual(["saved", "leave"]);
  });

  it("loads the post with its translation, then reports a failed save and stays", async () => {
    const log: (string | null)[] = [];
    const actor = startEditor("p1", {
      actors: {
        loadPost: loads({ post: stored, translation: english }),
        savePost: fails(new Error("network down")),
      },
      actions: { notifySaveFailed: (_, p) => void log.push(p.message) },
    });
    await waitFor(actor, (s) => s.matches("editing"));
    expect(actor.getSnapshot().context.post?.title).toBe("Hello");
    expect(actor.getSnapshot().context.translation?.id).toBe("p2");
    actor.send({ type: "post.save", values });
    await waitFor(actor, (s) => s.matches("editing") && log.length > 0);
    expect(log).toEqual(["network down"]);
    expect(actor.getSnapshot().context.slugTaken).toBeNull();
  });

  it("keeps the marketer in the form, without a toast, when the slug they chose is taken", async () => {
    const toasts: (string | null)[] = [];
    let attempts = 0;
    const actor = startEditor(null, {
      actors: {
        savePost: fromPromise(async ({ input }): Promise<AdminPost> => {
          if (++attempts === 1) throw new SlugTakenError(input.values.slug);
          return { ...stored, ...input.values };
        }),
      },
      actions: { notifySaveFailed: (_, p) => void toasts.push(p.message) },
    });
    actor.send({ type: "post.save", values: { ...values, slug: "taken" } });
    await waitFor(actor, (s) => s.matches("editing") && s.context.slugTaken !== null);
    expect(actor.getSnapshot().context.slugTaken).toBe("taken");
    expect(toasts).toEqual([]);
    actor.send({ type: "post.save", values: { ...values, slug: "free" } });
    expect(actor.getSnapshot().context.slugTaken).toBeNull();
    await waitFor(actor, (s) => s.status === "done");
  });

  it("translates a post that has no translation and opens the new draft", async () => {
    const opened: string[] = [];
    const sources: string[] = [];
    const actor = startEditor("p1", {
      actors: {
        loadPost: loads({ post: stored, translation: null }),
        translatePost: fromPromise(async ({ input }) => (sources.push(input.post.id), { ...stored, id: "p9", language: "en" as const })),
      },
      actions: { openPost: (_, p) => void opened.push(p.id) },
    });
    await waitFor(actor, (s) => s.matches("editing"));
    actor.send({ type: "post.translate" });
    await waitFor(actor, (s) => s.status === "done");
    expect(sources).toEqual(["p1"]);
    expect(opened).toEqual(["p9"]);
  });

  it("does not translate a post twice, nor a post not saved yet; a failed translation toasts and stays", async () => {
    const linked = startEditor("p1", {
      actors: { loadPost: loads({ post: stored, translation: english }) },
    });
    await waitFor(linked, (s) => s.matches("editing"));
    linked.send({ type: "post.translate" });
    expect(linked.getSnapshot().value).toBe("editing");

    const fresh = startEditor(null);
    fresh.send({ type: "post.translate" });
    expect(fresh.getSnapshot().value).toBe("editing");

    const toasts: (string | null)[] = [];
    const failing = startEditor("p1", {
      actors: {
        loadPost: loads({ post: stored, translation: null }),
        translatePost: fails(new Error("duplicate key value violates unique constraint")),
      },
      actions: { notifyTranslateFailed: (_, p) => void toasts.push(p.message) },
    });
    await waitFor(failing, (s) => s.matches("editing"));
    failing.send({ type: "post.translate" });
    await waitFor(failing, (s) => s.matches("editing") && toasts.length > 0);
    expect(toasts).toEqual(["duplicate key value violates unique constraint"]);
  });

  it("toasts and goes back to the table when the post cannot be loaded", async () => {
    const log: string[] = [];
    const actor = startEditor("missing", {
      actors: { loadPost: fails(new Error("PGRST116")) },
      actions: { notifyLoadFailed: () => void log.push("toast"), leave: () => void log.push("leave") },
    });
    await waitFor(actor, (s) => s.status === "done");
    expect(log).toEqual(["toast", "leave"]);
  });

  describe("a save based on an older version (docs/admin-posts.md#never-lost)", () => {
    const newer = samplePost({ title: "Saved in another tab", version: 3 });
    /** The editor on version 2 of a post, after a save of "Mine" was refused: version 3 is stored. */
    async function inConflict() {
      const log: string[] = [];
      const bases: (number | null)[] = [];
      const actor = startEditor("p1", {
        actors: {
          loadPost: loads({ post: samplePost({ version: 2 }), translation: null, autosave: null }),
          savePost: fromPromise(async ({ input }): Promise<AdminPost> => {
            bases.push(input.baseVersion);
            if (input.baseVersion !== newer.version) throw new StaleVersionError(newer);
            return { ...newer, ...input.values, version: newer.version + 1 };
          }),
        },
        actions: {
          reloadPost: (_, p) => void log.push(`reload ${p.post.title}`),
          notifySaved: () => void log.push("saved"),
          notifySaveFailed: () => void log.push("failed toast"),
        },
      });
      await waitFor(actor, (s) => s.matches("editing"));
      actor.send({ type: "post.save", values: { ...values, title: "Mine" } });
      await waitFor(actor, (s) => s.matches("conflict"));
      return { actor, log, bases };
    }

    it("is refused with the stored post to compare, and nothing is toasted as a failure", async () => {
      const { actor, log, bases } = await inConflict();
      expect(bases).toEqual([2]);
      expect(actor.getSnapshot().context.conflict).toMatchObject({ current: { title: "Saved in another tab" }, values: { title: "Mine" } });
      expect(log).toEqual([]);
      // Keep editing: the next save is still based on version 2 and is refused again.
      actor.send({ type: "conflict.keep" });
      actor.send({ type: "post.save", values: { ...values, title: "Mine" } });
      await waitFor(actor, (s) => s.matches("conflict"));
      expect(bases).toEqual([2, 2]);
      // Reload: the form takes the stored post, and saves are now based on it.
      actor.send({ type: "conflict.reload" });
      expect(log).toEqual(["reload Saved in another tab"]);
      expect(actor.getSnapshot().context.baseVersion).toBe(3);
    });

    it("saves over the stored post only when the writer chooses to", async () => {
      const { actor, log, bases } = await inConflict();
      actor.send({ type: "conflict.overwrite" });
      await waitFor(actor, (s) => s.status === "done");
      expect(bases).toEqual([2, 3]);
      expect(log).toEqual(["saved"]);
      expect(actor.getSnapshot().context.post).toMatchObject({ title: "Mine", version: 4 });
    });

    it("starts from an autosave's version when one was restored", async () => {
      const bases: (number | null)[] = [];
      const actor = startEditor("p1", {
        actors: {
          loadPost: loads({
            post: samplePost({ version: 5 }),
            translation: null,
            autosave: { fields: {} as never, base_version: 4, saved_at: "2026-11-27T10:00:00Z" },
          }),
          savePost: fromPromise(async ({ input }): Promise<AdminPost> => {
            bases.push(input.baseVersion);
            throw new StaleVersionError(samplePost({ version: 5 }));
          }),
        },
      });
      await waitFor(actor, (s) => s.matches("editing"));
      expect(actor.getSnapshot().context.baseVersion).toBe(4);
      actor.send({ type: "base.reset" });
      expect(actor.getSnapshot().context.baseVersion).toBe(5);
    });
  });
});
