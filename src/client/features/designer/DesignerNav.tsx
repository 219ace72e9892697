// The designer's two views, the map's tiles and the village's art, one link away from each other.
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';

export function DesignerNav() {
  const { t } = useTranslation('designer');
  return (
    <nav className="designer-nav" aria-label={t('nav.label')}>
      <NavLink className={({ isActive }) => (isActive ? 'button button--small' : 'button button--secondary button--small')} to="/designer/map">
        {t('nav.map')}
      </NavLink>
      <NavLink className={({ isActive }) => (isActive ? 'button button--small' : 'button button--secondary button--small')} to="/designer/village">
        {t('nav.village')}
      </NavLink>
    </nav>
  );
}
