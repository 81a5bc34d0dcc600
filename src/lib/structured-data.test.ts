import { describe, expect, it } from "vitest";
import { blogPostingJsonLd, breadcrumbJsonLd, faqPageJsonLd, organizationJsonLd } from "./structured-data";

describe("structured data", () => {
  it("Organization", () => {
    const o = organizationJsonLd({
      origin: "https://x.example",
      name: "Wasla",
      alternateName: "وصلة",
      logo: "/favicon.svg",
      sameAs: ["https://l.example"],
      telephone: "+16135550142",
    });
    expect(o).toMatchObject({
      "@type": "Organization",
      name: "Wasla",
      url: "https://x.example/",
      logo: "https://x.example/favicon.svg",
      sameAs: ["https://l.example"],
    });
    expect(o.contactPoint).toMatchObject({ telephone: "+16135550142" });
  });
  it("BlogPosting with absolute URLs", () => {
    const b = blogPostingJsonLd({
      origin: "https://x.example",
      url: "/en/blog/a",
      locale: "en",
      title: "T",
      description: "D",
      image: "/storage/v1/object/public/blog-images/a.jpg",
      datePublished: "2025-01-01T00:00:00Z",
      category: "Sales",
      publisher: { name: "Wasla", logo: "/favicon.svg" },
    });
    expect(b).toMatchObject({
      "@type": "BlogPosting",
      headline: "T",
      url: "https://x.example/en/blog/a",
      image: ["https://x.example/storage/v1/object/public/blog-images/a.jpg"],
      dateModified: "2025-01-01T00:00:00Z",
      inLanguage: "en",
    });
  });
  it("FAQPage", () => {
    const f = faqPageJsonLd([{ question: "Q?", answer: "A." }], { locale: "ar" });
    expect(f).toEqual({
      "@context": "https://schema.org",
      "@type": "FAQPage",
      inLanguage: "ar",
      mainEntity: [{ "@type": "Question", name: "Q?", acceptedAnswer: { "@type": "Answer", text: "A." } }],
    });
  });
  it("BreadcrumbList", () => {
    expect(breadcrumbJsonLd("https://x.example", [{ name: "Blog", url: "/blog" }]).itemListElement).toEqual([
      { "@type": "ListItem", position: 1, name: "Blog", item: "https://x.example/blog" },
    ]);
  });
});
