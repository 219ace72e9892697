// The client tests' languages (vitest's unit setup file): every translation file at once, English, and English again
// after each test that switched.
import { afterEach } from 'vitest';
import type { Resource, ResourceKey } from 'i18next';
import { i18n, startI18nWith } from './index';

const files = import.meta.glob<ResourceKey>('./locales/*/*.json', { eager: true, import: 'default' });

/** Every file as i18next's resources: { en: { common: {...}, village: {...} }, de: {...} }. */
export function allResources(): Resource {
  const resources: Resource = {};
  for (const [path, content] of Object.entries(files)) {
    const [, language, namespace] = /^\.\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path) ?? [];
    if (language && namespace) resources[language] = { ...resources[language], [namespace]: content };
  }
  return resources;
}

startI18nWith(allResources(), 'en');

afterEach(async () => {
  if (i18n.language !== 'en') await i18n.changeLanguage('en');
});
