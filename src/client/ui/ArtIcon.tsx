// Hero and wonder pictures from assets/, named as the server names them ('heroes/warrior.svg'); an unknown one shows a letter.
import { useState } from 'react';

/**
 * Every picture under assets/heroes and assets/wonders, bundled by Vite as its own hashed file
 * (`no-inline`: small SVGs would otherwise be inlined into the script as data URLs).
 */
const ART: Readonly<Record<string, string>> = import.meta.glob<string>('../../../assets/{heroes,wonders}/*.svg', {
  eager: true,
  query: '?url&no-inline',
  import: 'default',
});

const PREFIX = '../../../assets/';

/** The bundled address of `icon` ('heroes/warrior.svg'), or undefined when there is no such picture. */
export function artUrl(icon: string): string | undefined {
  return ART[PREFIX + icon];
}

export interface ArtIconProps {
  /** Path under assets/, as the server gives it. */
  icon: string;
  /** What the picture shows; its first letter stands in when the picture is missing. */
  name: string;
  size?: number;
  className?: string;
}

/** Decoration beside the name it shows, so it is hidden from screen readers. */
export function ArtIcon({ icon, name, size = 48, className }: ArtIconProps) {
  return <ArtImage src={artUrl(icon)} name={name} size={size} className={className ? `art-icon ${className}` : 'art-icon'} />;
}

export interface ArtImageProps {
  /** The bundled address of the picture; undefined when there is none. */
  src: string | undefined;
  /** What the picture shows; its first letter stands in when the picture is missing or fails. */
  name: string;
  size: number;
  className: string;
}

/** A bundled picture or, without one, the first letter of its name in a gold ring: hidden from screen readers either way. */
export function ArtImage({ src, name, size, className }: ArtImageProps) {
  // A file that fails to load (an old cached page after a deploy) falls back like a missing one.
  const [broken, setBroken] = useState<string | null>(null);
  if (!src || broken === src) {
    return (
      <span
        className={`${className} art-icon--letter`}
        aria-hidden="true"
        style={{
          width: size,
          height: size,
          fontSize: size * 0.5,
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
          flexShrink: 0,
          borderRadius: '50%',
          border: '2px solid var(--gold-dark)',
          background: 'var(--bg-input)',
          color: 'var(--gold-bright)',
          fontFamily: 'var(--font-display)',
          fontWeight: 700,
        }}
      >
        {name.trim().charAt(0).toUpperCase() || '?'}
      </span>
    );
  }
  return <img className={className} src={src} width={size} height={size} alt="" aria-hidden="true" onError={() => setBroken(src)} style={{ flexShrink: 0 }} />;
}
