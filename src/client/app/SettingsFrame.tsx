// /game/settings: the player's settings, one section per feature (features never import each other, so app/ composes).
import { useTranslation } from 'react-i18next';
import { VacationSection } from '../features/vacation/VacationSection';
import { AlertsSection } from '../features/alerts/AlertsSection';
import { SittersSection } from '../features/sitters/SittersSection';

export default function SettingsFrame() {
  const { t } = useTranslation('settings');
  return (
    <section className="page settings-page" aria-labelledby="settings-title">
      <header className="page__header">
        <h1 id="settings-title" className="page__title">
          {t('title')}
        </h1>
      </header>
      <VacationSection />
      <AlertsSection />
      <SittersSection />
    </section>
  );
}
