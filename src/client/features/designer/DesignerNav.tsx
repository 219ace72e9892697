// The designer's two views, the map's tiles and the village's art, one link away from each other.
import { NavLink } from 'react-router';

export function DesignerNav() {
  return (
    <nav className="designer-nav" aria-label="Designer views">
      <NavLink className={({ isActive }) => (isActive ? 'button button--small' : 'button button--secondary button--small')} to="/designer/map">
        Map tiles
      </NavLink>
      <NavLink className={({ isActive }) => (isActive ? 'button button--small' : 'button button--secondary button--small')} to="/designer/village">
        Village
      </NavLink>
    </nav>
  );
}
