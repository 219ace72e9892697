// The public API of the pure game rules, shared by the server (as the authority) and the client (for previews).
export * from './resources';
export * from './validation';
export * from './roles';
export * from './format';
export * from './quests';
export * from './heroes';
export * from './world';
export * from './terrain';
export * from './tile-looks';
export * from './buildings';
export * from './units';
export * from './economy';
export * from './settle';
