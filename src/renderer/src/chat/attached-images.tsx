// The images a message of the transcript carried, as thumbnails. The transcript lists only
// their names and sizes; each picture is fetched once it is shown (agent.image), so a long
// conversation never carries its images' bytes in one view.
import { useEffect, useState } from 'react';
import type { AttachedImage } from '../../../shared/image-attachments';
import { useClient } from '../app/client-context';
import { ImageThumbnail } from './image-thumbnail';

function StoredThumbnail({
  conversationId,
  image,
}: {
  conversationId: string;
  image: AttachedImage;
}) {
  const client = useClient();
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const { turnId, index } = image;

  useEffect(() => {
    let shown = true;
    client.agent
      .image({ conversationId, turnId, index })
      .then((got) => {
        if (shown) setUrl(`data:${got.mediaType};base64,${got.data}`);
      })
      .catch(() => {
        if (shown) setFailed(true);
      });
    return () => {
      shown = false;
    };
  }, [client, conversationId, turnId, index]);

  return <ImageThumbnail name={image.name} bytes={image.bytes} url={url} failed={failed} />;
}

export function AttachedImages({
  conversationId,
  images,
}: {
  conversationId: string;
  images: readonly AttachedImage[];
}) {
  return (
    <ul className="image-thumbs" aria-label="Attached images">
      {images.map((image) => (
        <StoredThumbnail
          key={`${image.turnId}:${image.index}`}
          conversationId={conversationId}
          image={image}
        />
      ))}
    </ul>
  );
}
