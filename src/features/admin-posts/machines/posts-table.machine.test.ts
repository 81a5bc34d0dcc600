import { describe, expect, it } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import type { AdminPostSummary } from "../schemas/post";
import { filterPosts, postsTableMachine } from "./posts-table.machine";

const post = (id: string, title: string, over: Partial<AdminPostSummary> = {}): AdminPostSummary => ({
  id,
  slug: id,
  title,
  excerpt: "",
  category: "Sales",
  country: "UAE",
  read_time: "5 min read",
  is_popular: false,
  published: true,
  hero_image_url: null,
  created_at: "2026-01-01T00:00:00Z",
  ...over,
});

describe("filterPosts", () => {
  it("matches title, category and country, case-insensitively", () => {
    const posts = [post("1", "Dubai trends"), post("2", "Toronto", { category: "Technology", country: "Canada" })];
    expect(filterPosts(posts, "dubai").map((p) => p.id)).toEqual(["1"]);
    expect(filterPosts(posts, "TECH").map((p) => p.id)).toEqual(["2"]);
    expect(filterPosts(posts, "canada").map((p) => p.id)).toEqual(["2"]);
    expect(filterPosts(posts, "  ").length).toBe(2);
  });
});

describe("posts table machine", () => {
  it("deletes after confirmation and says so", async () => {
    const deleted: string[] = [];
    const notes: string[] = [];
    const actor = createActor(
      postsTableMachine.provide({
        actors: {
          loadPosts: fromPromise(async () => [post("1", "First"), post("2", "Second")]),
          deletePost: fromPromise(async ({ input }) => void deleted.push(input.post.id)),
        },
        actions: { notifyDeleted: (_, p) => void notes.push(`deleted ${p.title}`) },
      }),
    ).start();
    await waitFor(actor, (s) => s.matches("ready"));
    actor.send({ type: "post.delete", post: actor.getSnapshot().context.posts[0]! });
    expect(actor.getSnapshot().matches({ ready: "confirming" })).toBe(true);
    actor.send({ type: "delete.cancel" });
    expect(actor.getSnapshot().context.pendingDelete).toBeNull();
    actor.send({ type: "post.delete", post: actor.getSnapshot().context.posts[0]! });
    actor.send({ type: "delete.confirm" });
    await waitFor(actor, (s) => s.matches({ ready: "idle" }));
    expect(deleted).toEqual(["1"]);
    expect(notes).toEqual(["deleted First"]);
    expect(actor.getSnapshot().context.posts.map((p) => p.id)).toEqual(["2"]);
  });

  it("keeps the post and reports a failed delete; retries a failed load", async () => {
    let loads = 0;
    const notes: string[] = [];
    const actor = createActor(
      postsTableMachine.provide({
        actors: {
          loadPosts: fromPromise(async () => {
            if (++loads === 1) throw new Error("offline");
            return [post("1", "First")];
          }),
          deletePost: fromPromise(async (): Promise<void> => {
            throw new Error("nope");
          }),
        },
        actions: { notifyDeleteFailed: (_, p) => void notes.push(`failed ${p.title}`) },
      }),
    ).start();
    await waitFor(actor, (s) => s.matches("failed"));
    actor.send({ type: "posts.retry" });
    await waitFor(actor, (s) => s.matches("ready"));
    actor.send({ type: "post.delete", post: actor.getSnapshot().context.posts[0]! });
    actor.send({ type: "delete.confirm" });
    await waitFor(actor, (s) => s.matches({ ready: "idle" }));
    expect(notes).toEqual(["failed First"]);
    expect(actor.getSnapshot().context.posts).toHaveLength(1);
  });
});
