// /designer/village: the village scene with a sample village at a chosen level range (every building type, fields, a wall,
// plots, scaffolding) on the real stage, and every piece of village art beside it, for tuning assets/village/ (game masters
// and above). Under `npm run dev` both redraw as soon as a piece or village-style.json is saved.
import atlas from 'virtual:village-atlas';
import { lazy, Suspense, useEffect, useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { BUILDINGS } from '../../../rules/buildings';
import type { SceneHover, VillageSceneData } from '../../map/village/VillageScene';
import { sampleVillage, type SampleOptions } from '../../map/village/sample';
import { ART_BOXES, artKind, VILLAGE_ART, type BuildingLook, type VillageArt } from '../../map/village/village-atlas-data';
import { SiteHeader } from '../../ui/SiteHeader';
import { DesignerNav } from './DesignerNav';
import './designer.css';

const VillageScene = lazy(() => import('../../map/village/VillageScene'));

const LOOKS: readonly { look: BuildingLook; label: string }[] = [
  { look: 1, label: 'Levels 1-9' },
  { look: 2, label: 'Levels 10-19' },
  { look: 3, label: 'Levels 20-30' },
];

const CONSTRUCTIONS: readonly { value: SampleOptions['constructions']; label: string }[] = [
  { value: 'every kind', label: 'One of each kind' },
  { value: 'one', label: 'The great hall' },
  { value: 'none', label: 'None' },
];

function isConstructions(value: string): value is SampleOptions['constructions'] {
  return CONSTRUCTIONS.some((option) => option.value === value);
}

/** How large the table shows each kind of piece, in pixels per art unit. */
const PREVIEW_SCALE: Readonly<Record<ReturnType<typeof artKind>, number>> = { ground: 0.25, building: 0.5, field: 0.5, 'wall-ring': 1, 'wall-gate': 0.6 };

/** The atlas as an image the table crops each piece from (a blob: URL, made again when the art changes). */
function useAtlasUrl(svg: string): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const made = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [svg]);
  return url;
}

function ArtPreview({ art, url }: { art: VillageArt; url: string | null }) {
  const frame = atlas.frames[art];
  const scale = PREVIEW_SCALE[artKind(art)];
  if (!frame || !url) return <span className="village-art" />;
  return (
    <span
      className="village-art"
      style={{
        width: frame.width * scale,
        height: frame.height * scale,
        backgroundImage: `url("${url}")`,
        backgroundPosition: `${-frame.x * scale}px ${-frame.y * scale}px`,
        backgroundSize: `${atlas.width * scale}px ${atlas.height * scale}px`,
      }}
    />
  );
}

/** What the sample shows at a slot, for the tooltip. */
function caption(data: VillageSceneData, slot: number): string {
  const building = data.buildings.find((b) => b.slot === slot);
  if (!building) return `Building plot · slot ${slot}`;
  return `${BUILDINGS[building.type].name} · level ${building.level}${building.isUpgrading ? ' (under construction)' : ''} · slot ${slot}`;
}

export default function DesignerVillagePage() {
  const [look, setLook] = useState<BuildingLook>(2);
  const [constructions, setConstructions] = useState<SampleOptions['constructions']>('every kind');
  const [hover, setHover] = useState<SceneHover | null>(null);
  const [opened, setOpened] = useState<number | null>(null);
  const lookId = useId();
  const constructionsId = useId();
  const url = useAtlasUrl(atlas.svg);
  // A new sample only when a choice changes; its countdowns start from when it was made.
  const data = useMemo<VillageSceneData>(() => ({ villageId: `designer-${look}`, buildings: sampleVillage({ look, constructions }), readAt: Date.now() }), [look, constructions]);

  return (
    <>
      <SiteHeader />
      <main className="page designer-page" aria-labelledby="designer-village-title">
        <Link className="designer-page__back" to="/gamemaster">
          ← Back to the Game Master Dashboard
        </Link>
        <DesignerNav />
        <header className="page__header">
          <h1 id="designer-village-title">Village Designer</h1>
          <div className="designer-page__controls">
            <div className="designer-page__size">
              <label htmlFor={lookId}>Levels</label>
              <select id={lookId} className="input" value={look} onChange={(event) => setLook(LOOKS.find((option) => String(option.look) === event.target.value)?.look ?? 1)}>
                {LOOKS.map((option) => (
                  <option key={option.look} value={option.look}>
                    {option.label}
                  </option>
                ))}
              </select>
            </div>
            <div className="designer-page__size">
              <label htmlFor={constructionsId}>Constructions</label>
              <select
                id={constructionsId}
                className="input"
                value={constructions}
                onChange={(event) => {
                  if (isConstructions(event.target.value)) setConstructions(event.target.value);
                }}
              >
                {CONSTRUCTIONS.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            </div>
          </div>
        </header>
        <p className="muted">
          A sample village on the village page's own scene: every inner building type at the chosen levels, the resource fields, the wall round it,
          free plots and scaffolding with its countdown. The art comes from <code>assets/village/village-style.json</code> and the pieces beside it;
          with <code>npm run dev</code> this page redraws as soon as one is saved.
        </p>

        <div className="designer-village">
          <div className="designer-village__stage">
            <Suspense fallback={<p className="designer-sheet__loading">Loading stage...</p>}>
              <VillageScene data={data} onOpen={setOpened} onHover={setHover} label="Sample village for tuning the village art" />
            </Suspense>
            {hover && (
              <div className="designer-village__tooltip" role="tooltip" style={{ left: hover.x, top: hover.y }}>
                {caption(data, hover.slot)}
              </div>
            )}
          </div>
          <p className="muted designer-village__picked" aria-live="polite">
            {opened === null ? 'Click a piece of the village to see which slot it is.' : `Clicked: ${caption(data, opened)}.`}
          </p>
        </div>

        <section className="card designer-page__styles designer-village__pieces" aria-labelledby="designer-pieces-title">
          <h2 id="designer-pieces-title">Every piece</h2>
          <p className="muted">
            Atlas {atlas.version}: {VILLAGE_ART.length} pieces. Scene sizes: building {atlas.style.sizes.building}, great hall {atlas.style.sizes.greatHall}, field{' '}
            {atlas.style.sizes.field}, wall {atlas.style.sizes.wall}, gate {atlas.style.sizes.gate}.
          </p>
          <ul className="designer-village__gallery" aria-label="Pieces of village art">
            {VILLAGE_ART.map((art) => {
              const box = ART_BOXES[artKind(art)];
              return (
                <li key={art} className={art === 'ground' ? 'designer-village__piece designer-village__piece--ground' : 'designer-village__piece'}>
                  <ArtPreview art={art} url={url} />
                  <code>{art}</code>
                  <span className="muted designer-table__file">
                    village/{art}.svg · {box.width} x {box.height}
                  </span>
                </li>
              );
            })}
          </ul>
        </section>
      </main>
    </>
  );
}
