import type { PostSummary } from "./pages.server";

/** The five XML special characters escaped. */
function xml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/**
 * The blog's Atom feed (RFC 4287): one entry per post with its title, link, dates, author and
 * summary (the excerpt, plain text), every value escaped. `blogUrl` is the absolute /blog (or /en/blog).
 */
export function renderAtomFeed(options: {
  title: string;
  blogUrl: string;
  feedUrl: string;
  storeName: string;
  language: string;
  posts: PostSummary[];
}): string {
  const { title, blogUrl, feedUrl, storeName, language, posts } = options;
  const updated = posts.reduce((latest, post) => (post.updatedAt > latest ? post.updatedAt : latest), "1970-01-01T00:00:00.000Z");
  const entries = posts.map((post) => {
    const url = `${blogUrl}/${encodeURIComponent(post.slug)}`;
    return [
      "  <entry>",
      `    <title>${xml(post.title)}</title>`,
      `    <link rel="alternate" type="text/html" href="${xml(url)}"/>`,
      `    <id>${xml(url)}</id>`,
      `    <published>${xml(post.publishedAt)}</published>`,
      `    <updated>${xml(post.updatedAt)}</updated>`,
      `    <author><name>${xml(post.author || storeName)}</name></author>`,
      ...post.tags.map((tag) => `    <category term="${xml(tag)}"/>`),
      post.excerpt ? `    <summary>${xml(post.excerpt)}</summary>` : "",
      "  </entry>",
    ]
      .filter(Boolean)
      .join("\n");
  });
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${xml(language)}">`,
    `  <title>${xml(title)}</title>`,
    `  <link rel="alternate" type="text/html" href="${xml(blogUrl)}"/>`,
    `  <link rel="self" type="application/atom+xml" href="${xml(feedUrl)}"/>`,
    `  <id>${xml(feedUrl)}</id>`,
    `  <updated>${xml(updated)}</updated>`,
    ...entries,
    "</feed>",
    "",
  ].join("\n");
}
