import { useState } from 'react';
import { assetUrl } from '../../../lib/request.js';
import './content.css';

const palette = ['#d7322d', '#2f6fde', '#1d9a6c', '#c77c0e', '#7b4fd6', '#16879c', '#c2417a'];

/** What stands in for a missing photo: a Chinese name's given name (two characters), or Latin initials. */
export function initialsOf(name: string): string {
  const clean = name.trim();
  if (!clean) return '?';
  if (/[\u3400-\u9fff]/.test(clean)) {
    const chars = Array.from(clean.replace(/\s+/g, ''));
    return chars.length <= 2 ? chars.join('') : chars.slice(-2).join('');
  }
  const words = clean.split(/\s+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((w) => Array.from(w)[0]?.toUpperCase() ?? '')
    .join('');
}

function colourOf(name: string): string {
  let h = 0;
  for (const ch of name) h = (h * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
  return palette[h % palette.length] ?? palette[0]!;
}

/** A person's photo, or their initials on a colour of their own when there is none (or it fails). */
export function PersonAvatar({ name, photo, size = 'medium' }: { name: string; photo?: string | null; size?: 'small' | 'medium' | 'large' }) {
  const [broken, setBroken] = useState(false);
  const src = assetUrl(photo ?? null);
  if (src && !broken) {
    return (
      <img
        className={`qgw-ct-avatar qgw-ct-avatar-${size}`}
        src={src}
        alt={name}
        loading="lazy"
        decoding="async"
        onError={() => setBroken(true)}
      />
    );
  }
  return (
    // the initials are drawn by CSS from data-initials: the name is read once (the label), not twice
    <span
      className={`qgw-ct-avatar qgw-ct-avatar-${size} qgw-ct-avatar-initials`}
      style={{ background: colourOf(name) }}
      role="img"
      aria-label={name}
      data-initials={initialsOf(name)}
    />
  );
}
