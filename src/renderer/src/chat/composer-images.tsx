// The images waiting in the composer: a list of thumbnails, each with its name, its size and a
// button that removes it, and the reason the last file offered was refused.
import type { ComposerImages } from './use-composer-images';
import { ImageThumbnail } from './image-thumbnail';

export function ComposerImageList({ images }: { images: ComposerImages }) {
  return (
    <>
      {images.images.length > 0 && (
        <ul className="image-thumbs composer-images" aria-label="Images to send">
          {images.images.map((image) => (
            <ImageThumbnail
              key={image.id}
              name={image.name}
              bytes={image.bytes}
              url={image.url}
              onRemove={() => images.remove(image.id)}
            />
          ))}
        </ul>
      )}
      {images.problem && (
        <p className="error-text composer-image-problem" role="alert">
          {images.problem}
        </p>
      )}
    </>
  );
}
