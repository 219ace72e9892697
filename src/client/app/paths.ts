// Every address of the client in one place (SPEC section 2); the route table and links use these.
export const paths = {
  home: '/',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  discordStart: '/auth/discord',
  authCallback: '/auth/callback',
  forbidden: '/forbidden',
  dashboard: '/dashboard',
  game: '/game',
  village: '/game/village',
  map: '/game/map',
  heroes: '/game/heroes',
  wonders: '/game/wonders',
  quests: '/game/quests',
  alliance: '/game/alliance',
  army: '/game/army',
  reports: '/game/reports',
  gamemaster: '/gamemaster',
  admin: '/admin',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];
