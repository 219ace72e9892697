// Every quest of the game as data: the tutorial chain, daily and weekly pools, special and story quests, with objectives and rewards.
import type { Resources } from './resources';
import type { UnitCounts } from './units';
import type { QuestCounters, QuestType } from './quests';

export interface QuestRewardBundle {
  resources: Partial<Resources>;
  units: UnitCounts;
}

export interface QuestDefinition {
  /** Stable name of the quest in the catalog; stored with each player's copy. */
  key: string;
  type: QuestType;
  title: string;
  description: string;
  /** What the tutorial overlay suggests doing next. */
  hint: string;
  /** Objective name (see objectiveLabel) to target. */
  objectives: QuestCounters;
  rewards: QuestRewardBundle;
  /**
   * Tutorial and story quests count what the player already has when they start (a warehouse built
   * earlier counts); daily and weekly quests count only what happens after they were started.
   */
  seedFromState: boolean;
  /** Story quests open one after another: this one becomes available once `after` is completed. */
  after?: string;
}

const res = (timber: number, stone: number, iron: number, mead: number): Partial<Resources> => ({ timber, stone, iron, mead });

/**
 * The tutorial, in order. It teaches the real game and is tuned so that a new player starts a first
 * construction within a minute and has a first trained unit within 15 minutes at world speed 1: a mead
 * hall (150 s), then barracks (300 s), then one bondi (180 s), each paid from the step before's reward.
 */
export const TUTORIAL: readonly QuestDefinition[] = [
  {
    key: 'tutorial.village',
    type: 'tutorial',
    title: 'Welcome, Chieftain',
    description: 'Your people have raised a great hall on new land. Look over your village: its resources, fields and buildings.',
    hint: 'Open the Village page from the side navigation (or press View Village below).',
    objectives: { view_village: 1 },
    rewards: { resources: res(100, 100, 100, 100), units: {} },
    seedFromState: true,
  },
  {
    key: 'tutorial.mead-hall',
    type: 'tutorial',
    title: 'Mead for the Hall',
    description: 'Every villager drinks mead. Upgrade one of your Mead Halls to level 1 so the stores keep filling.',
    hint: 'On the Village page open Buildings and press Upgrade on a Mead Hall. It takes about two and a half minutes.',
    objectives: { 'building_upgraded:mead_hall': 1 },
    rewards: { resources: res(150, 100, 200, 80), units: {} },
    seedFromState: true,
  },
  {
    key: 'tutorial.barracks',
    type: 'tutorial',
    title: 'A Place for Warriors',
    description: 'Build Barracks in a free slot of your village. Warriors are trained there.',
    hint: 'On the Village page open Buildings, choose a free slot and build Barracks.',
    objectives: { 'building_upgraded:barracks': 1 },
    rewards: { resources: res(120, 100, 80, 60), units: {} },
    seedFromState: true,
  },
  {
    key: 'tutorial.train',
    type: 'tutorial',
    title: 'Shields and Spears',
    description: 'Train a Bondi, the free farmer who takes up arms when the horn sounds.',
    hint: 'On the Village page open Units and press Train on the Bondi card.',
    objectives: { 'units_trained:bondi': 1 },
    rewards: { resources: res(200, 200, 150, 100), units: { bondi: 2 } },
    seedFromState: true,
  },
  {
    key: 'tutorial.warehouse',
    type: 'tutorial',
    title: 'Stores for the Winter',
    description: 'Your stores will soon overflow. Build a Warehouse to hold more timber, stone and iron.',
    hint: 'Build a Warehouse in a free slot; a full store wastes what your fields produce.',
    objectives: { 'building_upgraded:warehouse': 1 },
    rewards: { resources: res(250, 250, 250, 150), units: {} },
    seedFromState: true,
  },
  {
    key: 'tutorial.map',
    type: 'tutorial',
    title: 'Beyond the Fjord',
    description: 'Look at the world map: find your village, the forests and mountains around it, and your neighbours.',
    hint: 'Open the Map (or press View Map below). Click a tile to see what lies there.',
    objectives: { view_map: 1 },
    rewards: { resources: res(100, 100, 100, 100), units: {} },
    seedFromState: true,
  },
  {
    key: 'tutorial.alliance',
    type: 'tutorial',
    title: 'Sworn Brothers',
    description: 'No jarl stands alone for long. Visit the Alliance page to found a clan or answer an invitation.',
    hint: 'Open Alliance (or press View Alliance below).',
    objectives: { view_alliance: 1 },
    rewards: { resources: res(150, 150, 150, 150), units: {} },
    seedFromState: true,
  },
  {
    key: 'tutorial.hero',
    type: 'tutorial',
    title: 'A Hero Rises',
    description: 'Recruit a hero to lead your warband. Heroes grow stronger with every battle.',
    hint: 'Open Heroes, choose the Recruit tab and recruit the hero type you like.',
    objectives: { hero_recruited: 1 },
    rewards: { resources: res(300, 300, 300, 200), units: {} },
    seedFromState: true,
  },
  {
    key: 'tutorial.wonders',
    type: 'tutorial',
    title: 'The Great Race',
    description: 'Alliances race to raise world wonders; the first Yggdrasil at level 100 wins the world. See where the race stands.',
    hint: 'Open Wonders from the side navigation.',
    objectives: { view_wonders: 1 },
    rewards: { resources: res(500, 500, 500, 300), units: { bondi: 3 } },
    seedFromState: true,
  },
];

/** Daily quests: each day a player gets DAILY_QUESTS_PER_DAY of these, chosen by a seed of the player and the day. */
export const DAILY_POOL: readonly QuestDefinition[] = [
  {
    key: 'daily.builder',
    type: 'daily',
    title: 'Busy Hands',
    description: 'Finish two constructions today.',
    hint: 'Upgrade fields or buildings in any of your villages.',
    objectives: { building_upgraded: 2 },
    rewards: { resources: res(200, 200, 200, 100), units: {} },
    seedFromState: false,
  },
  {
    key: 'daily.drill',
    type: 'daily',
    title: 'Drill Day',
    description: 'Train five units of any kind today.',
    hint: 'Train units in your barracks.',
    objectives: { units_trained: 5 },
    rewards: { resources: res(250, 150, 250, 150), units: {} },
    seedFromState: false,
  },
  {
    key: 'daily.fields',
    type: 'daily',
    title: 'Tend the Fields',
    description: 'Upgrade a timber camp and a stone quarry today.',
    hint: 'Fields are on the Buildings tab of the Village page.',
    objectives: { 'building_upgraded:timber_camp': 1, 'building_upgraded:stone_quarry': 1 },
    rewards: { resources: res(150, 150, 300, 100), units: {} },
    seedFromState: false,
  },
  {
    key: 'daily.scout',
    type: 'daily',
    title: 'Watch the Horizon',
    description: 'Look over the world map and your battle reports today.',
    hint: 'Open the Map and the Reports page.',
    objectives: { view_map: 1, view_reports: 1 },
    rewards: { resources: res(100, 100, 100, 150), units: {} },
    seedFromState: false,
  },
  {
    key: 'daily.raid',
    type: 'daily',
    title: 'Blood on the Snow',
    description: 'Win a battle today.',
    hint: 'Send troops from the Army page against a weaker neighbour.',
    objectives: { battle_won: 1 },
    rewards: { resources: res(300, 300, 300, 200), units: {} },
    seedFromState: false,
  },
];

export const DAILY_QUESTS_PER_DAY = 3;

/** The daily quest every player gets besides the drawn ones: coming back ('Mark Login Complete' on the tutorial overlay). */
export const DAILY_RETURN: QuestDefinition = {
  key: 'daily.return',
  type: 'daily',
  title: 'Back to the Longhouse',
  description: 'Come back to your people today.',
  hint: 'Press Mark Login Complete on the tutorial panel.',
  objectives: { login: 1 },
  rewards: { resources: res(100, 100, 100, 100), units: {} },
  seedFromState: false,
};

/** Weekly quests: WEEKLY_QUESTS_PER_WEEK of these each week (Monday to Monday, UTC). */
export const WEEKLY_POOL: readonly QuestDefinition[] = [
  {
    key: 'weekly.mason',
    type: 'weekly',
    title: 'The Mason’s Week',
    description: 'Finish ten constructions this week.',
    hint: 'Keep a construction running in every village.',
    objectives: { building_upgraded: 10 },
    rewards: { resources: res(1000, 1000, 1000, 600), units: {} },
    seedFromState: false,
  },
  {
    key: 'weekly.warband',
    type: 'weekly',
    title: 'Gather the Warband',
    description: 'Train thirty units this week.',
    hint: 'Queue training orders in your barracks.',
    objectives: { units_trained: 30 },
    rewards: { resources: res(1200, 800, 1200, 800), units: {} },
    seedFromState: false,
  },
  {
    key: 'weekly.victor',
    type: 'weekly',
    title: 'Saga of Victories',
    description: 'Win five battles this week.',
    hint: 'Attack or raid villages weaker than yours.',
    objectives: { battle_won: 5 },
    rewards: { resources: res(1500, 1500, 1500, 1000), units: {} },
    seedFromState: false,
  },
  {
    key: 'weekly.builder-of-wonders',
    type: 'weekly',
    title: 'Stone for the Gods',
    description: 'Contribute 10,000 resources to world wonders this week.',
    hint: 'Contribute from the Wonders page.',
    objectives: { resources_contributed: 10_000 },
    rewards: { resources: res(2000, 2000, 2000, 1000), units: {} },
    seedFromState: false,
  },
];

export const WEEKLY_QUESTS_PER_WEEK = 2;

/** Special quests: standing challenges, available to every player once, with no expiry. */
export const SPECIAL_QUESTS: readonly QuestDefinition[] = [
  {
    key: 'special.shield-wall',
    type: 'special',
    title: 'Shield Wall',
    description: 'Raise a Wall to level 3 around one of your villages.',
    hint: 'Build a Wall in a free slot and upgrade it.',
    objectives: { 'building_level:wall': 3 },
    rewards: { resources: res(500, 800, 500, 200), units: { huscarl: 2 } },
    seedFromState: true,
  },
  {
    key: 'special.clan',
    type: 'special',
    title: 'Under One Banner',
    description: 'Join or found an alliance.',
    hint: 'Build an Embassy (level 1 to join, level 3 to found), then open the Alliance page.',
    objectives: { alliance_joined: 1 },
    rewards: { resources: res(400, 400, 400, 400), units: {} },
    seedFromState: true,
  },
  {
    key: 'special.warlord',
    type: 'special',
    title: 'Warlord',
    description: 'Win ten battles.',
    hint: 'Train an army and send it from the Army page.',
    objectives: { battle_won: 10 },
    rewards: { resources: res(2000, 2000, 2000, 1500), units: { berserker: 5 } },
    seedFromState: false,
  },
];

/** Story quests: the saga of the player's people, one chapter after another. */
export const STORY_QUESTS: readonly QuestDefinition[] = [
  {
    key: 'story.hall',
    type: 'story',
    title: 'Chapter I: The Great Hall',
    description: 'A chieftain is measured by his hall. Raise the Great Hall to level 5.',
    hint: 'Upgrade the Great Hall; every level also speeds up construction.',
    objectives: { 'building_level:great_hall': 5 },
    rewards: { resources: res(800, 800, 800, 400), units: {} },
    seedFromState: true,
  },
  {
    key: 'story.longhouse',
    type: 'story',
    title: 'Chapter II: Room for Kin',
    description: 'Build a Longhouse: settlers and jarls gather there.',
    hint: 'The Longhouse needs Great Hall level 5.',
    objectives: { 'building_level:longhouse': 1 },
    rewards: { resources: res(1200, 1200, 1200, 800), units: {} },
    seedFromState: true,
    after: 'story.hall',
  },
  {
    key: 'story.second-village',
    type: 'story',
    title: 'Chapter III: New Shores',
    description: 'Found a second village.',
    hint: 'Settle a free tile from the map once your Longhouse reaches level 10.',
    objectives: { village_founded: 1 },
    rewards: { resources: res(3000, 3000, 3000, 2000), units: {} },
    seedFromState: true,
    after: 'story.longhouse',
  },
  {
    key: 'story.great-hall-20',
    type: 'story',
    title: 'Chapter IV: Hall of the Gods',
    description: 'Raise a Great Hall to level 20: only such a hall can begin a world wonder.',
    hint: 'Keep upgrading the Great Hall.',
    objectives: { 'building_level:great_hall': 20 },
    rewards: { resources: res(10_000, 10_000, 10_000, 8000), units: {} },
    seedFromState: true,
    after: 'story.second-village',
  },
];

export const ALL_QUESTS: readonly QuestDefinition[] = [...TUTORIAL, DAILY_RETURN, ...DAILY_POOL, ...WEEKLY_POOL, ...SPECIAL_QUESTS, ...STORY_QUESTS];

const BY_KEY = new Map(ALL_QUESTS.map((q) => [q.key, q]));

export function questDefinition(key: string): QuestDefinition | undefined {
  return BY_KEY.get(key);
}

/** A small stable hash, so the same player gets the same daily quests all day on every server. */
function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** `count` distinct quests of `pool`, chosen by `seed` (a player id and a period). */
export function pickQuests(pool: readonly QuestDefinition[], seed: string, count: number): QuestDefinition[] {
  return [...pool]
    .map((quest) => ({ quest, order: hash(`${seed}:${quest.key}`) }))
    .sort((a, b) => a.order - b.order)
    .slice(0, Math.min(count, pool.length))
    .map((entry) => entry.quest);
}

/**
 * Every game event a player's quests could still count: the objectives of their quests in progress and of
 * the tutorial steps not yet completed (each step starts by itself when the one before completes, possibly
 * in the middle of a batch of events). An event outside this set can never advance anything, so the
 * sweeper may drop it without settling the player's quests (progress/quests.ts).
 */
export function eventsQuestsCount(rows: readonly { questKey: string; status: string }[]): string[] {
  const names = new Set<string>();
  for (const row of rows) {
    if (row.status !== 'in_progress') continue;
    for (const name of Object.keys(questDefinition(row.questKey)?.objectives ?? {})) names.add(name);
  }
  for (const step of TUTORIAL) {
    if (rows.some((row) => row.questKey === step.key && row.status === 'completed')) continue;
    for (const name of Object.keys(step.objectives)) names.add(name);
  }
  return [...names].sort();
}
