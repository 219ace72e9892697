// Small accessible SVG charts: columns and a line over days, and labelled horizontal bars; each names its figures for screen readers.
import { useTranslation } from 'react-i18next';
import { formatInteger } from '../../i18n/format';
import { barLayout, linePoints, niceMax, pointsAttribute } from './chart';

const W = 420;
const H = 120;

interface SeriesProps {
  title: string;
  labels: readonly string[];
  values: readonly number[];
  kind: 'columns' | 'line';
}

/** Columns or a line across the days, with the top of the scale written beside it. */
export function DayChart({ title, labels, values, kind }: SeriesProps) {
  useTranslation();
  const max = niceMax(values);
  const summary = `${title}: ${labels.map((label, i) => `${label} ${formatInteger(values[i] ?? 0)}`).join(', ')}`;
  return (
    <figure className="gm-chart">
      <figcaption>{title}</figcaption>
      <svg viewBox={`-28 -8 ${W + 36} ${H + 26}`} role="img" aria-label={summary} className="gm-chart__svg">
        <line x1={0} y1={H} x2={W} y2={H} className="gm-chart__axis" />
        <line x1={0} y1={0} x2={W} y2={0} className="gm-chart__grid" />
        <text x={-4} y={4} textAnchor="end" className="gm-chart__tick">
          {formatInteger(max)}
        </text>
        <text x={-4} y={H} textAnchor="end" className="gm-chart__tick">
          0
        </text>
        {kind === 'columns' ? (
          barLayout(values, W, H, max).map((bar, i) => (
            <rect key={labels[i]} x={bar.x} y={bar.y} width={bar.width} height={bar.height} className="gm-chart__bar">
              <title>{`${labels[i]}: ${formatInteger(values[i] ?? 0)}`}</title>
            </rect>
          ))
        ) : (
          <>
            <polyline points={pointsAttribute(linePoints(values, W, H, max))} className="gm-chart__line" />
            {linePoints(values, W, H, max).map(([x, y], i) => (
              <circle key={labels[i]} cx={x} cy={y} r={3} className="gm-chart__dot">
                <title>{`${labels[i]}: ${formatInteger(values[i] ?? 0)}`}</title>
              </circle>
            ))}
          </>
        )}
        <text x={0} y={H + 16} className="gm-chart__tick">
          {labels[0]}
        </text>
        <text x={W} y={H + 16} textAnchor="end" className="gm-chart__tick">
          {labels[labels.length - 1]}
        </text>
      </svg>
    </figure>
  );
}

/** Labelled horizontal bars, longest first as given, each with its number written at its end. */
export function RankingChart({ title, rows }: { title: string; rows: readonly { label: string; value: number }[] }) {
  const { t } = useTranslation('gamemaster');
  const max = niceMax(rows.map((r) => r.value));
  const rowHeight = 22;
  const labelWidth = 130;
  const barWidth = W - labelWidth - 50;
  return (
    <figure className="gm-chart">
      <figcaption>{title}</figcaption>
      {rows.length === 0 ? (
        <p className="muted">{t('analytics.nothing')}</p>
      ) : (
        <svg
          viewBox={`0 0 ${W} ${rows.length * rowHeight}`}
          role="img"
          aria-label={`${title}: ${rows.map((r) => `${r.label} ${formatInteger(r.value)}`).join(', ')}`}
          className="gm-chart__svg"
        >
          {rows.map((row, i) => {
            const length = (row.value / max) * barWidth;
            const y = i * rowHeight;
            return (
              <g key={row.label}>
                <text x={labelWidth - 6} y={y + 15} textAnchor="end" className="gm-chart__label">
                  {row.label}
                </text>
                <rect x={labelWidth} y={y + 4} width={Math.max(length, 1)} height={rowHeight - 8} className="gm-chart__bar" />
                <text x={labelWidth + length + 6} y={y + 15} className="gm-chart__label">
                  {formatInteger(row.value)}
                </text>
              </g>
            );
          })}
        </svg>
      )}
    </figure>
  );
}
