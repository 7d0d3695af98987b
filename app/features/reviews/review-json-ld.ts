/*
 * The reviews part of a product's JSON-LD (issue 19 item 2): `aggregateRating` and `review`
 * only from approved reviews of real buyers. Demo reviews are never stated to search engines,
 * and a product without a real review gets neither property (Google refuses ratings made up
 * or written by the shop). The product route's loader adds it to the JSON-LD it builds on the server.
 */

interface JsonLdReviewInput {
  verified: { count: number; average: number };
  reviews: Array<{
    rating: number;
    title: string | null;
    body: string;
    displayName: string;
    isDemo: boolean;
    /** The shop's day it was written (YYYY-MM-DD). */
    publishedOn: string;
  }>;
}

/** The properties to spread into the Product object: none when there is no approved real review. */
export function reviewJsonLd(data: JsonLdReviewInput): Record<string, unknown> {
  if (data.verified.count === 0) return {};
  const real = data.reviews.filter((review) => !review.isDemo);
  return {
    aggregateRating: {
      "@type": "AggregateRating",
      ratingValue: data.verified.average,
      reviewCount: data.verified.count,
      bestRating: 5,
      worstRating: 1,
    },
    ...(real.length > 0
      ? {
          review: real.map((review) => ({
            "@type": "Review",
            reviewRating: { "@type": "Rating", ratingValue: review.rating, bestRating: 5, worstRating: 1 },
            author: { "@type": "Person", name: review.displayName },
            datePublished: review.publishedOn,
            ...(review.title ? { name: review.title } : {}),
            reviewBody: review.body,
          })),
        }
      : {}),
  };
}
