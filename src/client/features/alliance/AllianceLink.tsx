// Another alliance named as '[TAG] Name', linked to its profile.
import { Link } from 'react-router';

/** The directory of every alliance. */
export const DIRECTORY_PATH = '/game/alliances';

/** An alliance's profile address. */
export function alliancePath(allianceId: string): string {
  return `${DIRECTORY_PATH}/${encodeURIComponent(allianceId)}`;
}

export interface AllianceLinkProps {
  alliance: { id: string; tag: string; name: string };
  /** Only the tag is shown (the name goes into the link's title). */
  tagOnly?: boolean;
}

export function AllianceLink({ alliance, tagOnly = false }: AllianceLinkProps) {
  return (
    <Link className="alliance-link" to={alliancePath(alliance.id)} title={tagOnly ? alliance.name : undefined}>
      <span className="alliance-tag">[{alliance.tag}]</span>
      {!tagOnly && ` ${alliance.name}`}
    </Link>
  );
}
