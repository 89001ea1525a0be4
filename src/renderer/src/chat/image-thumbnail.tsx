// One image as a small thumbnail with its name and size: in the composer before sending (with
// a button that removes it) and in the transcript's message it went with. The image's alt text
// is its file name; until its bytes arrive (or if they cannot) a placeholder says the same.
import { sizeWords } from '../../../shared/image-attachments';

interface Props {
  name: string;
  bytes: number;
  /** A data: URL; null while it loads or when it could not be loaded. */
  url: string | null;
  /** Said instead of the picture when it could not be loaded. */
  failed?: boolean;
  onRemove?: () => void;
}

export function ImageThumbnail({ name, bytes, url, failed = false, onRemove }: Props) {
  return (
    <li className="image-thumb" data-testid="image-thumb">
      {url ? (
        <img className="image-thumb-picture" src={url} alt={name} />
      ) : (
        <span
          className="image-thumb-picture image-thumb-empty"
          role="img"
          aria-label={failed ? `${name} (could not be shown)` : name}
        >
          ▧
        </span>
      )}
      <span className="image-thumb-caption">
        <span className="image-thumb-name" title={name}>
          {name}
        </span>
        <span className="image-thumb-size">{sizeWords(bytes)}</span>
      </span>
      {onRemove && (
        <button
          type="button"
          className="image-thumb-remove"
          aria-label={`Remove ${name}`}
          title={`Remove ${name}`}
          onClick={onRemove}
        >
          ×
        </button>
      )}
    </li>
  );
}
