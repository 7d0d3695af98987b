import { describe, expect, it } from "vitest";
import { renderAtomFeed } from "./feed";

describe("renderAtomFeed", () => {
  it("writes one escaped entry per post", () => {
    const feed = renderAtomFeed({
      title: "Blog <UVC> & co",
      blogUrl: "https://s.vn/blog",
      feedUrl: "https://s.vn/blog/feed.xml",
      storeName: "UVC Care",
      language: "vi",
      posts: [
        {
          slug: "a",
          title: "<script>x</script>",
          excerpt: "Tóm & tắt",
          coverImage: "",
          author: "",
          tags: ["uvc"],
          publishedAt: "2026-11-01T00:00:00.000Z",
          updatedAt: "2026-11-02T00:00:00.000Z",
        },
      ],
    });
    expect(feed).toContain("<title>Blog &lt;UVC&gt; &amp; co</title>");
    expect(feed).toContain("<title>&lt;script&gt;x&lt;/script&gt;</title>");
    expect(feed).toContain('<link rel="alternate" type="text/html" href="https://s.vn/blog/a"/>');
    expect(feed).toContain("<author><name>UVC Care</name></author>");
    expect(feed).toContain("<summary>Tóm &amp; tắt</summary>");
    expect(feed).toContain("<updated>2026-11-02T00:00:00.000Z</updated>");
    expect(feed).not.toContain("<script>");
  });
});
