// Markdown images are never loaded (no network, no tracking pixels): the alt text and the
// address are shown instead, as text.
export function InertImage({ src, alt }: { src: string; alt: string }) {
  return (
    <span
      className="inert-image"
      role="img"
      aria-label={`Image not loaded: ${alt || 'no description'}`}
    >
      <span className="inert-image-icon" aria-hidden="true">
        ▧
      </span>
      <span className="inert-image-alt">{alt || 'Image'}</span>
      {src ? (
        <code className="inert-image-src">{src}</code>
      ) : (
        <code className="inert-image-src">(address removed)</code>
      )}
    </span>
  );
}
