// The client tests' languages (vitest's unit setup file, run before each test file): every translation file at once,
// English, and English again after each test that switched.
import { afterEach } from 'vitest';
import type { Resource, ResourceKey } from 'i18next';
import { setI18n } from 'react-i18next';
import { i18n, startI18nWith } from './index';

const files = import.meta.glob<ResourceKey>('./locales/*/*.json', { eager: true, import: 'default' });

/**
 * Every file as i18next's resources: { en: { common: {...}, village: {...} }, de: {...} }. Copies: i18next changes the
 * objects it is given when a test adds a text, and the files' own objects are read by later files (the parity test).
 */
function allResources(): Resource {
  const resources: Resource = {};
  for (const [path, content] of Object.entries(files)) {
    const [, language, namespace] = /^\.\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path) ?? [];
    if (language && namespace) resources[language] = { ...resources[language], [namespace]: structuredClone(content) };
  }
  return resources;
}

const resources = allResources();
startI18nWith(resources, 'en');
// The unit project runs file after file in one module graph, where i18next is started once: each file begins with the
// texts as the files have them (an earlier file may have added or removed some), and with this instance in
// react-i18next's hands (a prerender test hands it an instance of its own).
for (const [language, namespaces] of Object.entries(resources)) {
  for (const [namespace, texts] of Object.entries(namespaces)) {
    i18n.removeResourceBundle(language, namespace);
    i18n.addResourceBundle(language, namespace, texts);
  }
}
setI18n(i18n);

afterEach(async () => {
  if (i18n.language !== 'en') await i18n.changeLanguage('en');
});
