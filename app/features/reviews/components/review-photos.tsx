import type { ReviewPhoto } from "~/db/schema/reviews";

/** A review's photos as thumbnails, each opening the full photo (product page and console). */
export function ReviewPhotos({
  photos,
  altOf,
  label,
}: {
  photos: ReviewPhoto[];
  altOf: (index: number) => string;
  label?: string;
}) {
  if (photos.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2" aria-label={label}>
      {photos.map((photo, index) => (
        <li key={photo.url}>
          <a href={photo.url} target="_blank" rel="noreferrer">
            <img
              src={photo.url}
              alt={altOf(index)}
              width={photo.width}
              height={photo.height}
              loading="lazy"
              className="size-20 rounded-xl bg-brand-white object-cover"
            />
          </a>
        </li>
      ))}
    </ul>
  );
}
