import { renderToReadableStream } from "react-dom/server";
import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { type IslandConfig, IslandCollector, IslandCollectorContext, type IslandRenderer, islandIdPrefix } from "./frame";
import { island } from "./island";

const Teaser = island("blog-teaser", { when: "visible" });
const posts = [
  {
    id: "1",
    slug: "a<b",
    title: 'Say "hi"',
    excerpt: "x",
    category: "Real Estate",
    read_time: "3 min read",
    is_popular: false,
    published_at: "2026-11-01T00:00:00Z",
  },
];
const config: IslandConfig = { locale: "en", pathname: "/en", site: {} as IslandConfig["site"], supabase: { url: null, anonKey: "" } };

async function render(node: ReactNode): Promise<string> {
  const stream = await renderToReadableStream(node);
  await stream.allReady;
  return new Response(stream).text();
}

function collect(renderIsland: IslandRenderer) {
  const collector = new IslandCollector({ file: "/assets/entry.js", imports: [] }, renderIsland);
  collector.config = config;
  return collector;
}

describe("island() on a page the server renders in islands mode", () => {
  it("writes its element, carrying its name, when, id and props, with the island's own render inside", async () => {
    const asked: Parameters<IslandRenderer>[0][] = [];
    const collector = collect(async (one) => {
      asked.push(one);
      await new Promise((r) => setTimeout(r, 5)); // the page's render waits for it
      return { html: `<section class="own">rendered as ${islandIdPrefix(one.id)}</section>`, failed: false };
    });
    const html = await render(
      <IslandCollectorContext.Provider value={collector}>
        <main>
          <Teaser recent={posts} popular={null} />
        </main>
      </IslandCollectorContext.Provider>,
    );
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ name: "blog-teaser", props: { recent: posts, popular: null }, config });
    const doc = new DOMParser().parseFromString(html, "text/html");
    const el = doc.querySelector<HTMLElement>("main > [data-island]")!;
    expect(el.dataset).toMatchObject({ island: "blog-teaser", when: "visible", islandId: asked[0]!.id });
    // Props survive the attribute: quotes and angle brackets included.
    expect(JSON.parse(el.dataset.props!)).toEqual({ recent: posts, popular: null });
    expect(el.innerHTML).toBe(`<section class="own">rendered as ${islandIdPrefix(asked[0]!.id)}</section>`);
    expect(collector.failed).toBe(false);
  });

  it("keeps the page when an island fails to render: its element stays empty and the page is marked failed", async () => {
    const collector = collect(() => Promise.reject(new Error("broken island")));
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      const html = await render(
        <IslandCollectorContext.Provider value={collector}>
          <p>before</p>
          <Teaser recent={posts} popular={null} />
        </IslandCollectorContext.Provider>,
      );
      expect(html).toContain("<p>before</p>");
      expect(html).toMatch(/<div data-island="blog-teaser"[^>]*><\/div>/);
    } finally {
      console.error = original;
    }
    expect(collector.failed).toBe(true);
    expect(errors).toHaveLength(1);
  });

  it("gives each island a useId prefix made of its id, safe in any attribute", () => {
    expect(islandIdPrefix("_R_1a_")).toBe("i_R_1a_-");
    expect(islandIdPrefix("«R1»")).toBe("iR1-");
  });
});
