import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { IslandCollector, IslandCollectorContext, islandIdPrefix, islandMarker } from "./frame";
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

describe("island() on a page the server renders in islands mode", () => {
  it("writes a placeholder carrying its name, when, id and props, and collects the island for its own render", () => {
    const collector = new IslandCollector({ file: "/assets/entry.js", imports: [] });
    const html = renderToString(
      <IslandCollectorContext.Provider value={collector}>
        <Teaser recent={posts} popular={null} />
      </IslandCollectorContext.Provider>,
    );
    const [entry] = [...collector.entries.values()];
    expect(entry).toMatchObject({ name: "blog-teaser", props: { recent: posts, popular: null } });
    const doc = new DOMParser().parseFromString(html, "text/html");
    const el = doc.querySelector<HTMLElement>("[data-island]")!;
    expect(el.dataset).toMatchObject({ island: "blog-teaser", when: "visible", islandId: entry!.id });
    // Props survive the attribute: quotes and angle brackets included.
    expect(JSON.parse(el.dataset.props!)).toEqual({ recent: posts, popular: null });
    expect(html).toContain(islandMarker(entry!.id));
  });

  it("gives each island a useId prefix made of its id, safe in any attribute", () => {
    expect(islandIdPrefix("_R_1a_")).toBe("i_R_1a_-");
    expect(islandIdPrefix("«R1»")).toBe("iR1-");
  });
});
