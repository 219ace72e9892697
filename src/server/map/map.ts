// The world map's services in one place for the map routes: areas, search, public village details, oases and figures.
export { mapAreaJson, type AreaQuery } from './area';
export { MAX_SEARCH_RESULTS, searchMap, type SearchResult } from './search';
export { villageDetails, villageOases, type OasisNearby } from './villages';
export { mapStats, travelTime } from './figures';
