import { describe, expect, it } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import { type AdminPost, emptyPost } from "../schemas/post";
import { postEditorMachine } from "./post-editor.machine";

const stored: AdminPost = {
  ...emptyPost,
  id: "p1",
  slug: "hello",
  title: "Hello",
  excerpt: "e",
  content: "<p>c</p>",
  category: "Sales",
  country: "UAE",
  read_time: "5 min read",
  created_at: "2026-01-01T00:00:00Z",
  updated_at: "2026-01-01T00:00:00Z",
  language: "ar", translation_group: "tg-1", published_at: null, meta_title: null, meta_description: null, hero_image_alt: null,
};

describe("post editor machine", () => {
  it("creates a new post, says so and leaves", async () => {
    const log: string[] = [];
    const actor = createActor(
      postEditorMachine.provide({
        actors: { savePost: fromPromise(async ({ input }) => ({ ...stored, ...input.values, id: "new" })) },
        actions: {
          notifySaved: (_, p) => void log.push(p.created ? "created" : "updated"),
          leave: () => void log.push("leave"),
        },
      }),
      { input: { id: null } },
    ).start();
    expect(actor.getSnapshot().value).toBe("editing");
    actor.send({ type: "post.save", values: { ...emptyPost, title: "New" } });
    await waitFor(actor, (s) => s.status === "done");
    expect(log).toEqual(["created", "leave"]);
  });

  it("loads, then reports a failed save and stays", async () => {
    const log: (string | null)[] = [];
    const actor = createActor(
      postEditorMachine.provide({
        actors: {
          loadPost: fromPromise(async () => stored),
          savePost: fromPromise(async (): Promise<AdminPost> => {
            throw new Error("duplicate key");
          }),
        },
        actions: { notifySaveFailed: (_, p) => void log.push(p.message) },
      }),
      { input: { id: "p1" } },
    ).start();
    await waitFor(actor, (s) => s.matches("editing"));
    expect(actor.getSnapshot().context.post?.title).toBe("Hello");
    actor.send({ type: "post.save", values: stored });
    await waitFor(actor, (s) => s.matches("editing") && log.length > 0);
    expect(log).toEqual(["duplicate key"]);
  });

  it("toasts and goes back to the table when the post cannot be loaded", async () => {
    const log: string[] = [];
    const actor = createActor(
      postEditorMachine.provide({
        actors: {
          loadPost: fromPromise(async (): Promise<AdminPost> => {
            throw new Error("PGRST116");
          }),
        },
        actions: { notifyLoadFailed: () => void log.push("toast"), leave: () => void log.push("leave") },
      }),
      { input: { id: "missing" } },
    ).start();
    await waitFor(actor, (s) => s.status === "done");
    expect(log).toEqual(["toast", "leave"]);
  });
});
