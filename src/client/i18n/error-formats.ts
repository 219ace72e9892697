// The formatters the server's error templates name (`{{unit, unitName}}`, `{{units, unitShortfall}}`...): the rules'
// ids in a coded refusal's params written as the game's words in the player's language.
import type { i18n as I18n } from 'i18next';

/** Adds the formatters to a started instance (i18next makes its formatter at init). */
export function addGameFormatters(instance: I18n): void {
  const formatter = instance.services.formatter;
  if (!formatter) return;
  const word = (group: string) => (id: string, lng: string | undefined) => instance.t(`common:${group}.${id}`, { lng });
  const resource = word('resources');
  const building = word('buildings');
  const unit = word('units');
  const wonder = word('wonders');
  // A list travels as `id:number...` items joined by commas (src/server/errors.ts writes and reads the same).
  const items = (value: unknown) => String(value).split(',').map((item) => item.split(':'));
  formatter.add('resourceName', (value: unknown, lng) => resource(String(value), lng));
  formatter.add('buildingName', (value: unknown, lng) => building(String(value), lng));
  formatter.add('unitName', (value: unknown, lng) => unit(String(value), lng));
  formatter.add('wonderName', (value: unknown, lng) => wonder(String(value), lng));
  formatter.add('buildingLevels', (value: unknown, lng) =>
    items(value)
      .map(([type = '', level = '']) => instance.t('common:format.buildingLevel', { lng, building: building(type, lng), level }))
      .join(', '),
  );
  formatter.add('unitShortfall', (value: unknown, lng) =>
    items(value)
      .map(([type = '', wanted = '', home = '']) => instance.t('common:format.unitShortfall', { lng, unit: unit(type, lng), wanted, home }))
      .join(', '),
  );
}
