// Small inline icons (no font or image request; emoji render as boxes in some browsers): crown, resources.
import type { ReactElement } from 'react';
import type { ResourceType } from '../../rules/resources';

interface IconProps {
  size?: number;
  /** Accessible name; without one the icon is decoration and hidden from screen readers. */
  title?: string;
  className?: string;
}

function a11y(title: string | undefined) {
  return title ? { role: 'img', 'aria-label': title } : { 'aria-hidden': true as const, focusable: 'false' as const };
}

/** The capital's crown. */
export function CrownIcon({ size = 16, title, className }: IconProps) {
  return (
    <svg className={className ? `icon ${className}` : 'icon'} width={size} height={size} viewBox="0 0 24 24" {...a11y(title)}>
      {title && <title>{title}</title>}
      <path d="M3 8 L7.5 12 L12 5 L16.5 12 L21 8 L19 18 H5 Z" fill="#f0c766" stroke="#8f6d25" strokeWidth="1.4" strokeLinejoin="round" />
      <rect x="5" y="18.5" width="14" height="2.5" rx="1" fill="#d4a84b" />
    </svg>
  );
}

const RESOURCE_PATHS: Record<ResourceType, ReactElement> = {
  timber: (
    <>
      <rect x="3" y="9" width="15" height="7" rx="3.5" fill="#8b5a2b" stroke="#5a3614" strokeWidth="1.2" />
      <ellipse cx="18" cy="12.5" rx="3" ry="3.5" fill="#d7a86e" stroke="#5a3614" strokeWidth="1.2" />
      <circle cx="18" cy="12.5" r="1.2" fill="#8b5a2b" />
    </>
  ),
  stone: (
    <path d="M4 17 L6 9 L11 5 L17 7 L21 13 L18 19 H7 Z" fill="#9aa3ad" stroke="#5d646c" strokeWidth="1.3" strokeLinejoin="round" />
  ),
  iron: (
    <>
      <path d="M3 16 L7 9 H17 L21 16 Z" fill="#7d97a8" stroke="#3f5563" strokeWidth="1.3" strokeLinejoin="round" />
      <path d="M8 11 H16" stroke="#b8ccd8" strokeWidth="1.2" />
    </>
  ),
  mead: (
    <>
      <path d="M5 6 H16 V19 a1.5 1.5 0 0 1 -1.5 1.5 H6.5 A1.5 1.5 0 0 1 5 19 Z" fill="#e0a526" stroke="#7a5410" strokeWidth="1.3" />
      <path d="M16 9 H18.5 a2 2 0 0 1 2 2 V14 a2 2 0 0 1 -2 2 H16" fill="none" stroke="#7a5410" strokeWidth="1.6" />
      <path d="M5 6 Q7 3.5 10.5 5 Q13 3.5 16 6" fill="#fff4d8" stroke="#c9b991" strokeWidth="1" />
    </>
  ),
};

export function ResourceIcon({ type, size = 18, title, className }: IconProps & { type: ResourceType }) {
  return (
    <svg className={className ? `icon ${className}` : 'icon'} width={size} height={size} viewBox="0 0 24 24" {...a11y(title)}>
      {title && <title>{title}</title>}
      {RESOURCE_PATHS[type]}
    </svg>
  );
}
