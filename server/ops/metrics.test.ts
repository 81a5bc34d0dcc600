import { describe, expect, it } from "vitest";
import { Metrics, type MetricsSources, THREAD_SLOTS, kindOf, merge, observeInto, render, seriesOf } from "./metrics.ts";

describe("kindOf", () => {
  it.each([
    ["/", "page"],
    ["/en/blog?page=2", "page"],
    ["/blog/some-post.data", "page"],
    ["/robots.txt", "page"],
    ["/en/rss.xml", "page"],
    ["/rest/v1/blog_posts?select=id", "api"],
    ["/auth/v1/token?grant_type=password", "api"],
    ["/storage/v1/object/public/blog-images/a.png", "api"],
    ["/embedded/v1/backup", "api"],
    ["/api/demo/audio", "api"],
    ["/functions/v1/submit-form", "function"],
    ["/assets/entry-abc123.js", "static"],
    ["/favicon.ico", "static"],
    ["/healthz", "health"],
    ["/readyz", "health"],
    ["/auth/v1/health", "health"],
    ["/metrics", "other"],
    ["*", "other"],
    [undefined, "other"],
  ] as const)("%s is %s", (url, kind) => expect(kindOf(url)).toBe(kind));
});

const sources = (over: Partial<MetricsSources> = {}): MetricsSources => ({
  pageCache: () => ({ hit: 3, miss: 1, bypass: 2 }),
  threads: () => null,
  pool: () => null,
  outbox: () => Promise.resolve(null),
  ...over,
});

describe("snapshots", () => {
  it("adds the page threads' counters to the pages and the API, and several workers' snapshots together", () => {
    const shared = new Float64Array(2 * THREAD_SLOTS);
    const pages = shared.subarray(0, THREAD_SLOTS);
    const beacon = shared.subarray(THREAD_SLOTS);
    observeInto(pages, 200, 0.0004);
    observeInto(pages, 304, 0.002);
    observeInto(beacon, 204, 0.0003);
    observeInto(beacon, 429, 0.0002);
    observeInto(beacon, 204, 0.0001);
    const a = new Metrics().snapshot(
      sources({
        threads: () => ({ page: seriesOf(pages), api: seriesOf(beacon) }),
        pool: () => ({ total: 4, idle: 1, waiting: 0, max: 10 }),
      }),
    );
    expect(a.requests.page.classes).toEqual([0, 1, 1, 0, 0]);
    expect(a.requests.page.count).toBe(2);
    expect(a.requests.api.classes).toEqual([0, 2, 0, 1, 0]);
    expect(a.requests.api.count).toBe(3);
    const b = structuredClone(a);
    b.pool = { total: 2, idle: 2, waiting: 1, max: 10 };
    const sum = merge([a, b]);
    expect(sum.requests.page.classes).toEqual([0, 2, 2, 0, 0]);
    expect(sum.pageCache).toEqual({ hit: 6, miss: 2, bypass: 4 });
    expect(sum.pool).toEqual({ total: 6, idle: 3, waiting: 1, max: 20 });
    const text = render(sum, { pending: 2, oldestSeconds: 12.5 }, 2);
    expect(text).toContain('http_requests_total{kind="page",status_class="3xx"} 2\n');
    expect(text).toContain('http_request_duration_seconds_bucket{kind="page",le="0.001"} 2\n');
    expect(text).toContain('http_request_duration_seconds_bucket{kind="page",le="+Inf"} 4\n');
    expect(text).toContain('db_pool_connections{state="in_use"} 3\n');
    expect(text).toContain("mail_outbox_oldest_pending_seconds 12.5\n");
    expect(text).toContain("metrics_processes 2\n");
    // One TYPE line per family.
    const types = text.split("\n").filter((l) => l.startsWith("# TYPE "));
    expect(new Set(types).size).toBe(types.length);
  });
});
