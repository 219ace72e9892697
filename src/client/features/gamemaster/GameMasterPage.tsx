// /gamemaster: world and event management plus quick actions; all local placeholder state for now.
import { useState } from 'react';
import { SiteHeader } from '../../ui/SiteHeader';
import { eventDisplay, sampleEvents, sampleWorlds, toggleWorld, type EventDisplay } from './sampleData';
import './gamemaster.css';

const QUICK_ACTIONS = ['Send Announcement', 'Distribute Rewards', 'Moderate Players', 'View Analytics'] as const;

const DISPLAY_BADGE: Record<EventDisplay, string> = {
  Active: 'badge badge--green',
  Upcoming: 'badge badge--blue',
  Inactive: 'badge badge--grey',
};

function formatDate(date: Date): string {
  return date.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}

export default function GameMasterPage() {
  const [worlds, setWorlds] = useState(sampleWorlds);
  const [events, setEvents] = useState(() => sampleEvents());
  const [notice, setNotice] = useState<string | null>(null);

  function placeholder(action: string) {
    setNotice(`${action} is not available yet.`);
  }

  return (
    <>
      <SiteHeader />
      <main className="page stack">
        <h1 className="page__title">Game Master Dashboard</h1>

        {notice && (
          <div className="alert alert--info" role="status">
            {notice}
          </div>
        )}

        <section className="card" aria-labelledby="gm-worlds-title">
          <h2 id="gm-worlds-title">World Management</h2>
          <div className="table-wrap">
            <table className="table">
              <caption className="visually-hidden">Worlds</caption>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Status</th>
                  <th scope="col">Players</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {worlds.map((world) => (
                  <tr key={world.id}>
                    <td>{world.name}</td>
                    <td>
                      <span className={world.status === 'online' ? 'badge badge--green' : 'badge badge--gold'}>
                        {world.status === 'online' ? 'Online' : 'Maintenance'}
                      </span>
                    </td>
                    <td>
                      {world.players}/{world.maxPlayers}
                    </td>
                    <td className="actions">
                      <button
                        type="button"
                        className="button button--secondary button--small"
                        onClick={() => setWorlds((all) => all.map((w) => (w.id === world.id ? toggleWorld(w) : w)))}
                      >
                        {world.status === 'online' ? 'Set Maintenance' : 'Set Online'}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>

        <section className="card" aria-labelledby="gm-events-title">
          <div className="page__header">
            <h2 id="gm-events-title">Event Management</h2>
            <button type="button" className="button button--small" onClick={() => placeholder('Create New Event')}>
              Create New Event
            </button>
          </div>
          <ul className="event-list">
            {events.map((event) => {
              const display = eventDisplay(event);
              return (
                <li key={event.id} className="event">
                  <div>
                    <h3>{event.name}</h3>
                    <p className="muted" style={{ margin: 0 }}>
                      {formatDate(event.startTime)} – {formatDate(event.endTime)}
                    </p>
                  </div>
                  <div className="row">
                    <span className={DISPLAY_BADGE[display]}>{display}</span>
                    <button
                      type="button"
                      className="button button--secondary button--small"
                      onClick={() =>
                        setEvents((all) => all.map((e) => (e.id === event.id ? { ...e, active: !e.active } : e)))
                      }
                    >
                      {event.active ? 'Deactivate' : 'Activate'}
                    </button>
                    <button type="button" className="button button--ghost button--small" onClick={() => placeholder('Edit')}>
                      Edit
                    </button>
                  </div>
                </li>
              );
            })}
          </ul>
        </section>

        <section className="card" aria-labelledby="gm-quick-title">
          <h2 id="gm-quick-title">Quick Actions</h2>
          <div className="row">
            {QUICK_ACTIONS.map((action) => (
              <button key={action} type="button" className="button button--secondary" onClick={() => placeholder(action)}>
                {action}
              </button>
            ))}
          </div>
        </section>
      </main>
    </>
  );
}
