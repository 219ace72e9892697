// Alliance roles: who may invite, and how a role is shown.

export const ALLIANCE_ROLES = ['leader', 'elder', 'officer', 'member'] as const;
export type AllianceRole = (typeof ALLIANCE_ROLES)[number];

/** Leaders, elders and officers invite players; everyone else is a regular member. */
export function canInvite(role: string): boolean {
  return role === 'leader' || role === 'elder' || role === 'officer';
}

/** A role as the member list shows it; anything unknown is a regular member. */
export function roleLabel(role: string): string {
  switch (role) {
    case 'leader':
      return 'Leader';
    case 'elder':
      return 'Elder';
    case 'officer':
      return 'Officer';
    default:
      return 'Member';
  }
}
