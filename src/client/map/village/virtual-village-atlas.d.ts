// Type of the module the village-atlas Vite plugin (scripts/vite-village-atlas.ts) generates from assets/village/.
declare module 'virtual:village-atlas' {
  const atlas: import('./village-atlas-data').VillageAtlasData;
  export default atlas;
}
