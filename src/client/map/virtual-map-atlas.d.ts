// Type of the module the map-atlas Vite plugin (scripts/vite-map-atlas.ts) generates from assets/.
declare module 'virtual:map-atlas' {
  const atlas: import('./atlas-data').MapAtlasData;
  export default atlas;
}
