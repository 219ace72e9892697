// The client's words in another language, for browser tests that find elements by their text: an English text is looked
// up among the English translation files (src/client/i18n/locales/en), and the same keys' texts in the other language
// are what the page shows. A text no file has yet (a page not translated) stays English.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export type Language = 'en' | 'de';
export const LANGUAGES: readonly Language[] = ['en', 'de'];

const LOCALES = resolve('src/client/i18n/locales');

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix: string, out: Map<string, string>): Map<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else flatten(value, path, out);
  }
  return out;
}

/** Every text of a language by 'namespace:key'. */
function texts(language: Language): Map<string, string> {
  const out = new Map<string, string>();
  for (const file of readdirSync(join(LOCALES, language))) {
    if (!file.endsWith('.json')) continue;
    const tree = JSON.parse(readFileSync(join(LOCALES, language, file), 'utf8')) as Tree;
    flatten(tree, `${file.slice(0, -'.json'.length)}:`, out);
  }
  return out;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * `say(text)`: what the page shows for the English `text` in `language`. A text is exact (one translation) or a RegExp of
 * every translation the English words have (the same words may be translated apart in two places); a RegExp is widened
 * to match the translations of every English text it matches, besides itself.
 */
export function wordsIn(language: Language): (english: string | RegExp) => string | RegExp {
  if (language === 'en') return (english) => english;
  const english = texts('en');
  const other = texts(language);
  const translations = (matches: (text: string) => boolean) => {
    const found = new Set<string>();
    for (const [key, text] of english) {
      const translated = other.get(key);
      // Interpolated texts ({{name}}) and markup (<strong>) are never a whole element's name.
      if (translated && matches(text) && !/[{<]/.test(translated)) found.add(translated);
    }
    return [...found];
  };
  return (text) => {
    if (typeof text === 'string') {
      const found = translations((candidate) => candidate === text);
      if (found.length === 0) return text;
      if (found.length === 1) return found[0]!;
      return new RegExp(`^(?:${found.map(escape).join('|')})$`);
    }
    const found = translations((candidate) => text.test(candidate));
    return found.length === 0 ? text : new RegExp(`${text.source}|${found.map(escape).join('|')}`, text.flags);
  };
}
