// /game/alliances: every alliance, found by tag or name, each leading to its profile; a player outside any alliance also sees their applications.
import { useTranslation } from 'react-i18next';
import { useAtomValue } from 'jotai';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { myAllianceQuery } from '../../state/queries';
import { userIdAtom } from '../../state/session';
import { AllianceDirectory } from './AllianceDirectory';
import { MyApplications } from './MyApplications';
import './alliance.css';

export default function AllianceDirectoryPage() {
  const { t } = useTranslation('alliance');
  const viewer = useAtomValue(userIdAtom);
  const mine = useQuery(myAllianceQuery(viewer)).data;
  return (
    <section className="page alliance" aria-labelledby="alliances-title">
      <div className="page__header alliance-directory-page__header">
        <h1 id="alliances-title" className="page__title">
          {t('directory.title')}
        </h1>
        <Link className="button button--secondary button--small" to="/game/alliance">
          {mine?.alliance ? t('directory.yours') : t('directory.foundOrJoin')}
        </Link>
      </div>
      <div className="stack">
        {mine && !mine.alliance && <MyApplications />}
        <AllianceDirectory />
      </div>
    </section>
  );
}
