// The public front page: welcome, what the game offers, static marketing figures, and ways in.
import { Link } from 'react-router';
import { startDiscordLogin } from '../../api/auth';
import { useDiscordLoginOffered } from '../../state/authOptions';
import { Logo } from '../../ui/Logo';
import './landing.css';

const STATS = [
  { value: '15K+', label: 'active players' },
  { value: '820+', label: 'clans' },
  { value: '4', label: 'server worlds' },
  { value: '1.2M+', label: 'battles' },
] as const;

const FEATURES = [
  { title: 'Build your village', text: 'Raise longhouses, mead halls and great halls; gather timber, stone, iron and mead.' },
  { title: 'Explore the world map', text: 'Scout forests, mountains and oases across a vast tile world and settle new lands.' },
  { title: 'Train your warband', text: 'From bondi to berserkers and drakkars: raise an army and raid your neighbours.' },
  { title: 'Join an alliance', text: 'Swear oaths with other jarls, share the spoils and defend each other.' },
  { title: 'Recruit heroes', text: 'Lead with legendary heroes who grow stronger with every victory.' },
  { title: 'Build world wonders', text: 'Pool your clan’s riches into wonders that can win the whole world.' },
  { title: 'Quests and tutorial', text: 'Daily, weekly and story quests guide you and reward you with resources and units.' },
] as const;

export default function LandingPage() {
  const discordOffered = useDiscordLoginOffered();
  return (
    <div className="landing">
      <header className="landing__nav">
        <span className="landing__logo">
          <Logo size={34} />
        </span>
        <nav className="row" aria-label="Account">
          <Link to="/login">Log in</Link>
          <Link className="button button--small" to="/register">
            Register
          </Link>
        </nav>
      </header>

      <main>
        <section className="landing__hero" aria-labelledby="landing-title">
          <h1 id="landing-title">Welcome to the Age of Vikings</h1>
          <p className="landing__lead">
            Build your village, raise a warband, sail to distant shores and carve your saga into the world. Will your
            clan rule the northern seas?
          </p>
          <div className="landing__actions">
            {discordOffered && (
              <button type="button" className="button button--discord" onClick={startDiscordLogin}>
                Login with Discord
              </button>
            )}
            <Link className="button" to="/register">
              Create Account
            </Link>
          </div>
        </section>

        <ul className="landing__stats" aria-label="The game in numbers">
          {STATS.map((stat) => (
            <li key={stat.label} className="stat">
              <span className="stat__value">{stat.value}</span>{' '}
              <span className="stat__label">{stat.label}</span>
            </li>
          ))}
        </ul>

        <section className="landing__features" aria-labelledby="features-title">
          <h2 id="features-title">Features</h2>
          <ul>
            {FEATURES.map((feature) => (
              <li key={feature.title} className="card feature">
                <h3>{feature.title}</h3>
                <p className="muted">{feature.text}</p>
              </li>
            ))}
          </ul>
        </section>
      </main>

      <footer className="landing__footer">Skål! Gather your clan and set sail.</footer>
    </div>
  );
}
