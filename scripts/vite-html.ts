// What the Vite plugins that write prerendered pages share: an emitted file's text, and a page's linked stylesheets
// put inline (the first paint then needs the HTML alone; the Content-Security-Policy allows inline styles).
import type { Rolldown } from 'vite';

/** The text of an emitted file. */
export function assetText(asset: Rolldown.OutputAsset): string {
  return typeof asset.source === 'string' ? asset.source : Buffer.from(asset.source).toString('utf8');
}

/** A stylesheet as an inline `<style>`, safe from a `</style>` inside it. */
export function styleTag(css: string): string {
  return `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`;
}

/** `html` with each `<link rel="stylesheet">` of the bundle replaced by its stylesheet, and the files so inlined. */
export function inlineStylesheets(html: string, bundle: Rolldown.OutputBundle): { html: string; inlined: Set<string> } {
  const inlined = new Set<string>();
  const replaced = html.replace(/<link\b[^>]*\brel="stylesheet"[^>]*>/g, (tag) => {
    const file = /\bhref="\/([^"]+\.css)"/.exec(tag)?.[1];
    const css = file ? bundle[file] : undefined;
    if (!file || !css || css.type !== 'asset') return tag;
    inlined.add(file);
    return styleTag(assetText(css));
  });
  return { html: replaced, inlined };
}
