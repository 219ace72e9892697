// Key parity: every translation file of src/client/i18n/locales has its twin in the other language with the same keys
// (plural forms included) and the same {{variables}}; and the check itself fails on each kind of difference.
import { describe, expect, it } from 'vitest';
import { parityProblems, variablesOf, type TranslationFiles, type TranslationTree } from './parity';
import { isLanguage } from './languages';

const files = import.meta.glob<TranslationTree>('./locales/*/*.json', { eager: true, import: 'default' });

function translationFiles(): TranslationFiles {
  const out: TranslationFiles = {};
  for (const [path, content] of Object.entries(files)) {
    const [, language, namespace] = /^\.\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path) ?? [];
    if (!isLanguage(language) || !namespace) throw new Error(`${path}: not locales/<en|de>/<namespace>.json`);
    out[language] = { ...out[language], [namespace]: content };
  }
  return out;
}

describe('the translation files', () => {
  it('exist, and agree key for key and variable for variable, in English and German', () => {
    const all = translationFiles();
    expect(Object.keys(all.en ?? {})).toContain('common');
    expect(parityProblems(all)).toEqual([]);
  });
});

describe('the parity check', () => {
  const agreeing = { en: { ns: { a: 'Hello {{name}}', n: { b_one: 'One wolf', b_other: '{{count}} wolves' } } }, de: { ns: { a: 'Hallo {{name}}', n: { b_one: 'Ein Wolf', b_other: '{{count}} Wölfe' } } } };

  it('passes files that agree (a plural form may leave out the count)', () => {
    expect(parityProblems(agreeing)).toEqual([]);
  });

  it('fails a key in one language only', () => {
    expect(parityProblems({ en: { ns: { a: 'A', b: 'B' } }, de: { ns: { a: 'A' } } })).toEqual(['ns:b is missing in de']);
  });

  it('fails a plural form in one language only', () => {
    expect(parityProblems({ en: { ns: { w_one: 'Wolf', w_other: 'Wolves' } }, de: { ns: { w_other: 'Wölfe' } } })).toEqual([
      'ns:w_one is missing in de',
      'ns:w in de has no plural form _one',
    ]);
  });

  it('fails a namespace file missing in one language', () => {
    expect(parityProblems({ en: { ns: { a: 'A' }, extra: { b: 'B' } }, de: { ns: { a: 'A' } } })).toEqual([
      'de/extra.json is missing (the other language has it)',
    ]);
  });

  it('fails texts of one key with different variables', () => {
    expect(parityProblems({ en: { ns: { a: 'Hello {{name}}' } }, de: { ns: { a: 'Hallo {{nam}}' } } })).toEqual([
      'ns:a interpolates different variables (en: name; de: nam)',
    ]);
  });

  it('fails an empty text and a value that is not text', () => {
    const broken = { en: { ns: { a: '', b: 'B' } }, de: { ns: { a: 'A', b: 3 } } } as unknown as TranslationFiles;
    expect(parityProblems(broken)).toEqual(['ns:a in en is empty', 'ns:b in de is not a text']);
  });

  it('reads variables with formats and nestings', () => {
    expect(variablesOf('{{count, number}} of {{ max }} $t(common:units.bondi)')).toEqual(['$t(common:units.bondi)', 'count', 'max']);
  });
});
