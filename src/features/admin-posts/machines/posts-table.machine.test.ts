import { describe, expect, it } from "vitest";
import { SimulatedClock, createActor, fromPromise, waitFor } from "xstate";
import type { AdminPostSummary } from "../schemas/post";
import { type PostsTableQuery, defaultPostsQuery } from "../schemas/posts-query";
import { type PostsTablePage, SEARCH_DEBOUNCE_MS, postsTableMachine } from "./posts-table.machine";

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
  published_at: "2026-01-01T00:00:00Z",
  hero_image_url: null,
  created_at: "2026-01-01T00:00:00Z",
  language: "ar",
  translation_group: `g-${id}`,
  ...over,
});

const page = (rows: AdminPostSummary[], total = rows.length): PostsTablePage => ({ rows, total, translations: {} });

describe("posts table machine", () => {
  it("starts from the query in the address and loads that page", async () => {
    const asked: PostsTableQuery[] = [];
    const query: PostsTableQuery = { search: "كندا", status: "scheduled", language: "en", sort: "title", page: 3 };
    const actor = createActor(
      postsTableMachine.provide({
        actors: { loadPosts: fromPromise(async ({ input }) => (asked.push(input), page([post("1", "A")], 120))) },
      }),
      { input: { query } },
    ).start();
    await waitFor(actor, (s) => s.matches("ready"));
    expect(asked).toEqual([query]);
    expect(actor.getSnapshot().context.total).toBe(120);
  });

  it("debounces the search, and a search or filter change goes back to page 1", async () => {
    const clock = new SimulatedClock();
    const asked: PostsTableQuery[] = [];
    const actor = createActor(
      postsTableMachine.provide({ actors: { loadPosts: fromPromise(async ({ input }) => (asked.push(input), page([]))) } }),
      { input: { query: { ...defaultPostsQuery, page: 2 } }, clock },
    ).start();
    await waitFor(actor, (s) => s.matches("ready"));
    actor.send({ type: "search.change", value: "ك" });
    actor.send({ type: "search.change", value: "كندا" });
    clock.increment(SEARCH_DEBOUNCE_MS - 1);
    expect(asked).toHaveLength(1);
    clock.increment(1);
    await waitFor(actor, (s) => s.matches("ready"));
    expect(asked[1]).toEqual({ ...defaultPostsQuery, search: "كندا", page: 1 });
    actor.send({ type: "page.change", page: 4 });
    await waitFor(actor, (s) => s.matches("ready"));
    actor.send({ type: "filters.change", filters: { status: "draft", language: "en", sort: "oldest" } });
    await waitFor(actor, (s) => s.matches("ready"));
    expect(asked.slice(2)).toEqual([
      { ...defaultPostsQuery, search: "كندا", page: 4 },
      { search: "كندا", status: "draft", language: "en", sort: "oldest", page: 1 },
    ]);
  });

  it("deletes after confirmation, says so and reloads the page", async () => {
    const deleted: string[] = [];
    const notes: string[] = [];
    let rows = [post("1", "First"), post("2", "Second")];
    const actor = createActor(
      postsTableMachine.provide({
        actors: {
          loadPosts: fromPromise(async () => page(rows)),
          deletePost: fromPromise(async ({ input }) => {
            deleted.push(input.post.id);
            rows = rows.filter((r) => r.id !== input.post.id);
          }),
        },
        actions: { notifyDeleted: (_, p) => void notes.push(`deleted ${p.title}`) },
      }),
      { input: {} },
    ).start();
    await waitFor(actor, (s) => s.matches("ready"));
    actor.send({ type: "post.delete", post: actor.getSnapshot().context.rows[0]! });
    expect(actor.getSnapshot().matches({ ready: "confirming" })).toBe(true);
    actor.send({ type: "delete.cancel" });
    expect(actor.getSnapshot().context.pendingDelete).toBeNull();
    actor.send({ type: "post.delete", post: actor.getSnapshot().context.rows[0]! });
    actor.send({ type: "delete.confirm" });
    await waitFor(actor, (s) => s.matches({ ready: "idle" }) && s.context.rows.length === 1);
    expect(deleted).toEqual(["1"]);
    expect(notes).toEqual(["deleted First"]);
    expect(actor.getSnapshot().context.rows.map((p) => p.id)).toEqual(["2"]);
    expect(actor.getSnapshot().context.total).toBe(1);
  });

  it("keeps the post and reports a failed delete; retries a failed load", async () => {
    let loads = 0;
    const notes: string[] = [];
    const actor = createActor(
      postsTableMachine.provide({
        actors: {
          loadPosts: fromPromise(async () => {
            if (++loads === 1) throw new Error("offline");
            return page([post("1", "First")]);
          }),
          deletePost: fromPromise(async (): Promise<void> => {
            throw new Error("nope");
          }),
        },
        actions: { notifyDeleteFailed: (_, p) => void notes.push(`failed ${p.title}`) },
      }),
      { input: {} },
    ).start();
    await waitFor(actor, (s) => s.matches("failed"));
    expect(actor.getSnapshot().context.error).toBe("offline");
    actor.send({ type: "posts.retry" });
    await waitFor(actor, (s) => s.matches("ready"));
    actor.send({ type: "post.delete", post: actor.getSnapshot().context.rows[0]! });
    actor.send({ type: "delete.confirm" });
    await waitFor(actor, (s) => s.matches({ ready: "idle" }));
    expect(notes).toEqual(["failed First"]);
    expect(actor.getSnapshot().context.rows).toHaveLength(1);
  });
});
