// What the heroes page decides without the server: a hero's status words, when Level Up shows, the hero limit and the recruit prompt's answer.
import { DEFAULT_MAX_HEROES, HERO_LEVEL_CAP, canLevelUp, experienceForNextLevel } from '../../../rules/heroes';
import { freeTextError, normaliseFreeText } from '../../../rules/validation';
import type { Hero, HeroRarity, HeroTypeInfo, RecruitmentCost } from '../../api/heroes';
import { i18n } from '../../i18n';

/** The page's outcomes in the active language, read when used (heroes:messages.*). */
export const MESSAGES = {
  get recruited() {
    return i18n.t('heroes:messages.recruited');
  },
  get recruitFailed() {
    return i18n.t('heroes:messages.recruitFailed');
  },
  get leveledUp() {
    return i18n.t('heroes:messages.leveledUp');
  },
  get levelUpFailed() {
    return i18n.t('heroes:messages.levelUpFailed');
  },
  get detailsComingSoon() {
    return i18n.t('heroes:messages.detailsComingSoon');
  },
  get noVillage() {
    return i18n.t('heroes:messages.noVillage');
  },
};

/** The server takes names of 1 to 30 characters. */
export const HERO_NAME_MAX_LENGTH = 30;

export type HeroStatus = 'on mission' | 'ready for action' | 'resting';

const STATUS_KEYS: Readonly<Record<HeroStatus, string>> = { 'on mission': 'onMission', 'ready for action': 'ready', resting: 'resting' };

/** A hero's status in the active language ('on mission' in English). */
export function heroStatusName(status: HeroStatus): string {
  return i18n.t(`heroes:status.${STATUS_KEYS[status]}`);
}

/** On a mission first (a hero away is not resting), then ready or resting. */
export function heroStatus(hero: Pick<Hero, 'isOnMission' | 'isActive'>): HeroStatus {
  if (hero.isOnMission) return 'on mission';
  return hero.isActive ? 'ready for action' : 'resting';
}

/** Level Up shows once the experience reaches floor(100 x 1.1^level), and never at level 100. */
export function showsLevelUp(hero: Pick<Hero, 'level' | 'experience'>): boolean {
  return canLevelUp(hero);
}

export interface ExperienceBar {
  value: number;
  max: number;
  text: string;
}

/** The experience bar: experience of the next level's threshold; at the cap it stays full. */
export function experienceBar(hero: Pick<Hero, 'level' | 'experience'>): ExperienceBar {
  if (hero.level >= HERO_LEVEL_CAP) return { value: 1, max: 1, text: i18n.t('heroes:card.maxLevel') };
  const max = experienceForNextLevel(hero.level);
  return { value: Math.min(hero.experience, max), max, text: i18n.t('heroes:card.experienceText', { experience: hero.experience, max }) };
}

/** The most heroes a player may lead: the server's figure, else 5. */
export function maxHeroes(cost: Pick<RecruitmentCost, 'maxHeroes'> | null | undefined): number {
  return cost && cost.maxHeroes > 0 ? cost.maxHeroes : DEFAULT_MAX_HEROES;
}

/** Why recruiting is refused, or null when it is allowed. */
export function recruitBlock(cost: RecruitmentCost | null, hasVillage: boolean): string | null {
  if (!hasVillage) return MESSAGES.noVillage;
  if (!cost) return i18n.t('heroes:messages.loadingPrice');
  if (cost.canRecruit) return null;
  return cost.reason?.trim() || i18n.t('heroes:messages.notPossible');
}

/** What the recruit prompt's answer asks for. */
export type RecruitAnswer =
  /** Cancelled: nothing happens. */
  | { kind: 'cancel' }
  /** Left blank: the server names the hero from the sagas. */
  | { kind: 'recruit'; customName?: string }
  /** A name the server would refuse, caught before the call. */
  | { kind: 'invalid'; message: string };

export function recruitAnswer(answer: string | null): RecruitAnswer {
  if (answer === null) return { kind: 'cancel' };
  const name = normaliseFreeText(answer);
  if (name === '') return { kind: 'recruit' };
  if ([...name].length > HERO_NAME_MAX_LENGTH) return { kind: 'invalid', message: i18n.t('heroes:messages.nameTooLong', { max: HERO_NAME_MAX_LENGTH }) };
  const problem = freeTextError(name);
  return problem ? { kind: 'invalid', message: problem } : { kind: 'recruit', customName: name };
}

export function primaryStatName(stat: HeroTypeInfo['primaryStat']): string {
  return i18n.t(`heroes:stats.${stat}`);
}

export function rarityName(rarity: HeroRarity): string {
  return i18n.t(`heroes:rarity.${rarity}`);
}
