// The map's look for the HUD (legend, labels): assets/map-style.json and the icons, as the build packed them.
import atlas from 'virtual:map-atlas';
import type { MapAtlasData } from '../../map/atlas-data';
import { tileLabels } from './tileLabels';

export const mapArt: MapAtlasData = atlas;

export const { lookLabel, tileTypeLabel, tierLabel } = tileLabels(mapArt.style);
