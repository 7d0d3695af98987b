import { describe, expect, it } from "vitest";
import { reviewJsonLd } from "./review-json-ld";

const review = (over: Partial<Parameters<typeof reviewJsonLd>[0]["reviews"][number]> = {}) => ({
  rating: 5,
  title: null,
  body: "Rất tốt, dùng mỗi tối.",
  displayName: "Văn An N.",
  isDemo: false,
  publishedOn: "2026-11-20",
  ...over,
});

describe("the reviews in a product's JSON-LD", () => {
  it("states the rating and the reviews of real buyers only", () => {
    const ld = reviewJsonLd({
      verified: { count: 2, average: 4.5 },
      reviews: [
        review({ title: "Tuyệt" }),
        review({ isDemo: true, displayName: "Mẫu", rating: 1 }),
        review({ rating: 4, displayName: "Thu Hà N.", publishedOn: "2026-11-19" }),
      ],
    });
    expect(ld).toEqual({
      aggregateRating: { "@type": "AggregateRating", ratingValue: 4.5, reviewCount: 2, bestRating: 5, worstRating: 1 },
      review: [
        {
          "@type": "Review",
          reviewRating: { "@type": "Rating", ratingValue: 5, bestRating: 5, worstRating: 1 },
          author: { "@type": "Person", name: "Văn An N." },
          datePublished: "2026-11-20",
          name: "Tuyệt",
          reviewBody: "Rất tốt, dùng mỗi tối.",
        },
        {
          "@type": "Review",
          reviewRating: { "@type": "Rating", ratingValue: 4, bestRating: 5, worstRating: 1 },
          author: { "@type": "Person", name: "Thu Hà N." },
          datePublished: "2026-11-19",
          reviewBody: "Rất tốt, dùng mỗi tối.",
        },
      ],
    });
  });

  it("states nothing without an approved real review, even with demo ones shown", () => {
    expect(reviewJsonLd({ verified: { count: 0, average: 0 }, reviews: [review({ isDemo: true })] })).toEqual({});
    expect(reviewJsonLd({ verified: { count: 0, average: 0 }, reviews: [] })).toEqual({});
  });

  it("keeps the rating when the reviews shown are all demo ones", () => {
    expect(reviewJsonLd({ verified: { count: 1, average: 4 }, reviews: [review({ isDemo: true })] })).toEqual({
      aggregateRating: { "@type": "AggregateRating", ratingValue: 4, reviewCount: 1, bestRating: 5, worstRating: 1 },
    });
  });
});
