import { describe, expect, it } from "vitest";
import { composeBody, textToHtml } from "./compose";

describe("newsletter composer text", () => {
  it("makes paragraphs, headings, lists, links and bold, and escapes everything else", () => {
    const html = textToHtml(
      "## This month\n\nHello **team**,\nread [the guide](https://wasla.ae/blog/x) or https://example.com/a.\n\n- one\n- two <b>\n\n[bad](javascript:alert(1))",
    );
    expect(html).toBe(
      [
        '<h2 dir="auto">This month</h2>',
        '<p dir="auto">Hello <strong>team</strong>,<br>read <a href="https://wasla.ae/blog/x">the guide</a> or <a href="https://example.com/a">https://example.com/a</a>.</p>',
        '<ul dir="auto"><li>one</li><li>two &lt;b&gt;</li></ul>',
        '<p dir="auto">[bad](javascript:alert(1))</p>',
      ].join("\n"),
    );
  });

  it("adds the source post with a link to it in its language", () => {
    const html = composeBody("Intro", { id: "1", title: "T <1>", slug: "my-post", language: "en", excerpt: "", content: "<p>Body</p>" });
    expect(html).toBe('<p dir="auto">Intro</p>\n<h2 dir="auto"><a href="/en/blog/my-post">T &lt;1&gt;</a></h2>\n<p>Body</p>');
    expect(composeBody("", { id: "1", title: "ع", slug: "s", language: "ar", excerpt: "", content: "<p>ب</p>" })).toContain(
      'href="/blog/s"',
    );
  });
});
