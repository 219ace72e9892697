// /designer/village: the village scene with a sample village at a chosen level range (every building type, fields, a wall,
// plots, scaffolding) on the real stage, and every piece of village art beside it, for tuning assets/village/ (game masters
// and above). Under `npm run dev` both redraw as soon as a piece or village-style.json is saved.
import atlas from 'virtual:village-atlas';
import { lazy, Suspense, useEffect, useId, useMemo, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { formatDecimal } from '../../i18n/format';
import { buildingName } from '../../i18n/game';
import type { SceneHover, VillageSceneData } from '../../map/village/VillageScene';
import { sampleVillage, type SampleOptions } from '../../map/village/sample';
import { ART_BOXES, artKind, VILLAGE_ART, type BuildingLook, type VillageArt } from '../../map/village/village-atlas-data';
import { SiteHeader } from '../../ui/SiteHeader';
import { DesignerNav } from './DesignerNav';
import './designer.css';

const VillageScene = lazy(() => import('../../map/village/VillageScene'));

// The labels are `designer:village.looks.<look>` and `village.constructionOptions.<value>`.
const LOOKS: readonly BuildingLook[] = [1, 2, 3];

const CONSTRUCTIONS: readonly SampleOptions['constructions'][] = ['every kind', 'one', 'none'];

function isConstructions(value: string): value is SampleOptions['constructions'] {
  return CONSTRUCTIONS.some((option) => option === value);
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
function caption(data: VillageSceneData, slot: number, t: TFunction<'designer'>): string {
  const building = data.buildings.find((b) => b.slot === slot);
  if (!building) return t('village.plot', { slot });
  const values = { name: buildingName(building.type), level: building.level, slot };
  return building.isUpgrading ? t('village.buildingUpgrading', values) : t('village.building', values);
}

export default function DesignerVillagePage() {
  const { t } = useTranslation('designer');
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
          {t('back')}
        </Link>
        <DesignerNav />
        <header className="page__header">
          <h1 id="designer-village-title">{t('village.title')}</h1>
          <div className="designer-page__controls">
            <div className="designer-page__size">
              <label htmlFor={lookId}>{t('village.levels')}</label>
              <select id={lookId} className="input" value={look} onChange={(event) => setLook(LOOKS.find((option) => String(option) === event.target.value) ?? 1)}>
                {LOOKS.map((option) => (
                  <option key={option} value={option}>
                    {t(`village.looks.${option}`)}
                  </option>
                ))}
              </select>
            </div>
            <div className="designer-page__size">
              <label htmlFor={constructionsId}>{t('village.constructions')}</label>
              <select
                id={constructionsId}
                className="input"
                value={constructions}
                onChange={(event) => {
                  if (isConstructions(event.target.value)) setConstructions(event.target.value);
                }}
              >
                {CONSTRUCTIONS.map((option) => (
                  <option key={option} value={option}>
                    {t(`village.constructionOptions.${option}`)}
                  </option>
                ))}
              </select>
            </div>
          </div>
        </header>
        <p className="muted">
          <Trans t={t} i18nKey="village.intro" components={{ code: <code /> }} />
        </p>

        <div className="designer-village">
          <div className="designer-village__stage">
            <Suspense fallback={<p className="designer-sheet__loading">{t('loadingStage')}</p>}>
              <VillageScene data={data} onOpen={setOpened} onHover={setHover} label={t('village.sceneLabel')} />
            </Suspense>
            {hover && (
              <div className="designer-village__tooltip" role="tooltip" style={{ left: hover.x, top: hover.y }}>
                {caption(data, hover.slot, t)}
              </div>
            )}
          </div>
          <p className="muted designer-village__picked" aria-live="polite">
            {opened === null ? t('village.pickHint') : t('village.clicked', { caption: caption(data, opened, t) })}
          </p>
        </div>

        <section className="card designer-page__styles designer-village__pieces" aria-labelledby="designer-pieces-title">
          <h2 id="designer-pieces-title">{t('village.pieces')}</h2>
          <p className="muted">
            {t('village.atlas', {
              version: atlas.version,
              count: VILLAGE_ART.length,
              building: formatDecimal(atlas.style.sizes.building, 3),
              greatHall: formatDecimal(atlas.style.sizes.greatHall, 3),
              field: formatDecimal(atlas.style.sizes.field, 3),
              wall: formatDecimal(atlas.style.sizes.wall, 3),
              gate: formatDecimal(atlas.style.sizes.gate, 3),
            })}
          </p>
          <ul className="designer-village__gallery" aria-label={t('village.gallery')}>
            {VILLAGE_ART.map((art) => {
              const box = ART_BOXES[artKind(art)];
              return (
                <li key={art} className={art === 'ground' ? 'designer-village__piece designer-village__piece--ground' : 'designer-village__piece'}>
                  <ArtPreview art={art} url={url} />
                  <code>{art}</code>
                  <span className="muted designer-table__file">{t('village.file', { art, width: box.width, height: box.height })}</span>
                </li>
              );
            })}
          </ul>
        </section>
      </main>
    </>
  );
}
