// The key-parity check behind parity.test.ts: every namespace in every language, the same keys (plural forms
// included), the same {{variables}} in both texts of a key, and no empty text.
import { LANGUAGES, type Language } from './languages';

/** One translation file's content: nested objects of texts. */
export type TranslationTree = { readonly [key: string]: string | TranslationTree };

/** Every file by language and namespace. */
export type TranslationFiles = Partial<Record<Language, Record<string, TranslationTree>>>;

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** 'a.b.c' -> text, for every text of a tree; a value that is neither text nor object is reported as such. */
export function flatten(tree: unknown, prefix = '', out = new Map<string, unknown>()): Map<string, unknown> {
  if (typeof tree !== 'object' || tree === null || Array.isArray(tree)) {
    out.set(prefix, tree);
    return out;
  }
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) flatten(value, path, out);
    else out.set(path, value);
  }
  return out;
}

/** The {{variables}} a text interpolates ('{{count, number}}' counts as count), and its $t(...) nestings. */
export function variablesOf(text: string): string[] {
  const names = new Set<string>();
  for (const match of text.matchAll(/\{\{\s*-?\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g)) if (match[1]) names.add(match[1]);
  for (const match of text.matchAll(/\$t\(([^),]+)/g)) if (match[1]) names.add(`$t(${match[1].trim()})`);
  return [...names].sort();
}

/** What differs between the languages, one line per problem; empty when they agree. */
export function parityProblems(files: TranslationFiles, languages: readonly Language[] = LANGUAGES): string[] {
  const problems: string[] = [];
  const namespaces = new Set(languages.flatMap((language) => Object.keys(files[language] ?? {})));
  for (const namespace of [...namespaces].sort()) {
    const texts = new Map<Language, Map<string, unknown>>();
    for (const language of languages) {
      const tree = files[language]?.[namespace];
      if (tree === undefined) problems.push(`${language}/${namespace}.json is missing (the other language has it)`);
      else texts.set(language, flatten(tree));
    }
    const keys = new Set([...texts.values()].flatMap((map) => [...map.keys()]));
    for (const key of [...keys].sort()) {
      const where = `${namespace}:${key}`;
      const present = [...texts.entries()].filter(([, map]) => map.has(key));
      for (const [language] of texts) if (!texts.get(language)?.has(key)) problems.push(`${where} is missing in ${language}`);
      for (const [language, map] of present) {
        const text = map.get(key);
        if (typeof text !== 'string') problems.push(`${where} in ${language} is not a text`);
        else if (text.trim() === '') problems.push(`${where} in ${language} is empty`);
      }
      const variables = present
        .map(([language, map]) => {
          const text = map.get(key);
          // A plural form may leave the number out ('a wolf'); the other variables must match.
          const names = typeof text === 'string' ? variablesOf(text) : [];
          return [language, PLURAL_SUFFIX.test(key) ? names.filter((n) => n !== 'count') : names] as const;
        })
        .map(([language, names]) => `${language}: ${names.join(', ') || '(none)'}`);
      const firstNames = variables[0]?.replace(/^\w+: /, '');
      if (variables.some((line) => line.replace(/^\w+: /, '') !== firstNames)) problems.push(`${where} interpolates different variables (${variables.join('; ')})`);
    }
    problems.push(...pluralProblems(namespace, texts));
  }
  return problems;
}

/** A plural key needs every form its language's plural rules use ('_one' and '_other' in English and German). */
function pluralProblems(namespace: string, texts: Map<Language, Map<string, unknown>>): string[] {
  const problems: string[] = [];
  for (const [language, map] of texts) {
    const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
    const bases = new Set([...map.keys()].filter((key) => PLURAL_SUFFIX.test(key)).map((key) => key.replace(PLURAL_SUFFIX, '')));
    for (const base of bases) {
      for (const category of categories) {
        if (!map.has(`${base}_${category}`)) problems.push(`${namespace}:${base} in ${language} has no plural form _${category}`);
      }
    }
  }
  return problems;
}
