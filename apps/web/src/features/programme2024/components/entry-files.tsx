import { openImage, useFileUrl } from '../../applications/index.js';
import './programme.css';
import './results.css';

/** An uploaded picture of an entry, opened full-screen on tap. */
export function EntryPhoto({ id, urls, alt }: { id: string; urls: Record<string, string>; alt: string }) {
  const { url } = useFileUrl(id, urls[id]);
  if (!url) return <span className="qgw-p24-thumb qgw-p24-thumb-empty" role="img" aria-label={alt} />;
  return (
    <button type="button" className="qgw-p24-thumb" onClick={() => openImage(url)}>
      <img src={url} alt={alt} />
    </button>
  );
}

/** A grid of an entry's pictures. */
export function EntryPhotos({
  ids,
  urls,
  alt,
}: {
  ids: readonly string[];
  urls: Record<string, string>;
  alt: (n: number) => string;
}) {
  return (
    <div className="qgw-p24-photos">
      {ids.map((id, i) => (
        <EntryPhoto key={id} id={id} urls={urls} alt={alt(i + 1)} />
      ))}
    </div>
  );
}

/** An entry's video, played in place. */
export function EntryVideo({ id, urls, label }: { id: string; urls: Record<string, string>; label: string }) {
  const { url } = useFileUrl(id, urls[id]);
  if (!url) return null;
  return <video className="qgw-p24-video" src={url} controls preload="metadata" aria-label={label} />;
}
