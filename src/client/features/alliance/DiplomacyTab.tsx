// The alliance's diplomacy: active relations by kind against their caps, proposals both ways, and for ranks with the diplomacy right the answers, Withdraw, End and a form to propose.
import { useId, useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useAtomValue } from 'jotai';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { acceptRelation, endRelation, proposeRelation, type Diplomacy, type DiplomacyKind, type DiplomaticRelation } from '../../api/alliances';
import { apiError } from '../../api/client';
import { hasRight, rightRefusal, type AllianceRole } from '../../../rules/alliances';
import { DIPLOMACY_CAPS, DIPLOMACY_KINDS, capRefusal, proposalRefusal, type RelationCounts } from '../../../rules/diplomacy';
import { isOneOf } from '../../../rules/tuples';
import { diplomacyQuery } from '../../state/queries';
import { userIdAtom } from '../../state/session';
import { ActionButton } from '../../ui/ActionButton';
import { ActionOutcome } from '../../ui/ActionOutcome';
import { i18n } from '../../i18n';
import { formatDate } from '../../i18n/format';
import { diplomacyName } from '../../i18n/game';
import { PlayerLink } from '../../ui/PlayerLink';
import { Spinner } from '../../ui/Spinner';
import { useAction } from '../../ui/useAction';
import { AllianceLink } from './AllianceLink';
import { diplomacyChanged } from './allianceCache';
import { ruleText } from './refusals';
import { aRelation, countsOf, kindsName, theRelation } from './relations';
import { allianceTagError } from '../../../rules/validation';

/** What ending a relation asks first. */
export function endConfirmation(relation: Pick<DiplomaticRelation, 'kind' | 'alliance'>): string {
  return i18n.t('alliance:diplomacy.endConfirmation', { relation: theRelation(relation.kind), tag: relation.alliance.tag, name: relation.alliance.name });
}

/** How an answer to a relation is sent: accepting, or ending it (declining and withdrawing a proposal are endings too). */
type Answer = { relation: DiplomaticRelation; accept: boolean };

interface ProposeFormProps {
  diplomacy: Diplomacy;
  myTag: string;
  counts: RelationCounts;
}

function ProposeForm({ diplomacy, myTag, counts }: ProposeFormProps) {
  const { t } = useTranslation('alliance');
  const id = useId();
  const viewer = useAtomValue(userIdAtom);
  const client = useQueryClient();
  const [tag, setTag] = useState('');
  const [kind, setKind] = useState<DiplomacyKind>('confederation');
  const propose = useAction({
    mutationFn: (proposal: { tag: string; kind: DiplomacyKind }) => proposeRelation(proposal.tag, proposal.kind),
    // A proposal is not a relation yet: no profile changes until it is accepted.
    onSuccess: (reply) => {
      diplomacyChanged(client, viewer, reply, null);
      setTag('');
    },
    success: (_reply, proposal) => t('diplomacy.proposedTo', { kind: diplomacyName(proposal.kind), tag: proposal.tag }),
    failure: t('diplomacy.proposeFailed'),
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const wanted = tag.trim();
    const existing = diplomacy.relations.find((relation) => relation.alliance.tag === wanted) ?? null;
    const refused =
      allianceTagError(wanted) ??
      proposalRefusal({
        kind,
        fromAllianceId: diplomacy.allianceId,
        // Until the server finds the tag only our own alliance and those we already deal with are known by id.
        toAllianceId: wanted === myTag ? diplomacy.allianceId : (existing?.alliance.id ?? `tag:${wanted}`),
        existing: existing && { kind: existing.kind, status: existing.status },
        counts,
      });
    if (refused) propose.refuse(ruleText(refused));
    else propose.run({ tag: wanted, kind });
  }

  return (
    <section className="card alliance-propose" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('diplomacy.propose')}</h2>
      <form className="alliance-propose__form" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
        <div className="field">
          <label htmlFor={`${id}-tag`}>{t('diplomacy.tag')}</label>
          <input
            id={`${id}-tag`}
            className="input"
            autoComplete="off"
            placeholder={t('fields.tagPlaceholder')}
            value={tag}
            // Tags are capitals and digits: typing in lower case is taken as meant in capitals.
            onChange={(event) => {
              setTag(event.target.value.toUpperCase());
              propose.mutation.reset();
            }}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-kind`}>{t('diplomacy.kind')}</label>
          <select
            id={`${id}-kind`}
            className="input"
            value={kind}
            onChange={(event) => {
              const next = event.target.value;
              if (isOneOf(DIPLOMACY_KINDS, next)) setKind(next);
              propose.mutation.reset();
            }}
          >
            {DIPLOMACY_KINDS.map((option) => (
              <option key={option} value={option}>
                {diplomacyName(option)}
              </option>
            ))}
          </select>
        </div>
        <ActionButton type="submit" className="button" pending={propose.pending}>
          {t('diplomacy.proposeButton')}
        </ActionButton>
      </form>
      <ActionOutcome message={propose.outcome} />
    </section>
  );
}

function Proposer({ relation }: { relation: DiplomaticRelation }) {
  const { t } = useTranslation('alliance');
  return (
    <span className="muted">
      {' '}
      <Trans
        t={t}
        i18nKey="diplomacy.proposer"
        values={{ when: formatDate(relation.proposedAt) }}
        components={{ player: <PlayerLink player={relation.proposedBy} fallback={t('people.fromAFormerMember')} />, time: <time dateTime={relation.proposedAt} /> }}
      />
    </span>
  );
}

export interface DiplomacyTabProps {
  myRole: AllianceRole;
  /** The player's alliance's tag: a proposal to oneself is refused before it is sent. */
  myTag: string;
}

export function DiplomacyTab({ myRole, myTag }: DiplomacyTabProps) {
  const { t } = useTranslation('alliance');
  const viewer = useAtomValue(userIdAtom);
  const client = useQueryClient();
  const read = useQuery(diplomacyQuery(viewer, true));
  const mayManage = hasRight(myRole, 'diplomacy');
  const answer = useAction({
    mutationFn: ({ relation, accept }: Answer) => (accept ? acceptRelation(relation.id) : endRelation(relation.id)),
    // Accepting starts a relation, ending an active one stops it: both alliances' profiles list their relations.
    onSuccess: (reply, { relation, accept }) => diplomacyChanged(client, viewer, reply, accept || relation.status === 'active' ? relation.alliance.id : null),
    success: (_reply, { relation, accept }) => {
      const values = { kind: diplomacyName(relation.kind), tag: relation.alliance.tag };
      if (accept) return t('diplomacy.accepted', values);
      if (relation.status === 'active') return t('diplomacy.ended', values);
      return relation.direction === 'incoming' ? t('diplomacy.declined', values) : t('diplomacy.withdrawn', values);
    },
    failure: t('diplomacy.answerFailed'),
  });

  if (!read.data) {
    if (read.isError) {
      return (
        <div className="card alliance-failed">
          <p>{apiError(read.error, t('diplomacy.loadFailed'))}</p>
          <button type="button" className="button button--secondary" onClick={() => void read.refetch()}>
            {t('actions.tryAgain')}
          </button>
        </div>
      );
    }
    return <Spinner label={t('diplomacy.loading')} />;
  }
  const diplomacy = read.data;
  const counts = countsOf(diplomacy.relations);
  const incoming = diplomacy.relations.filter((relation) => relation.status === 'proposed' && relation.direction === 'incoming');
  const outgoing = diplomacy.relations.filter((relation) => relation.status === 'proposed' && relation.direction === 'outgoing');
  const busyWith = (relation: DiplomaticRelation) => answer.pending && answer.variables?.relation.id === relation.id;

  function onAccept(relation: DiplomaticRelation) {
    const refused = capRefusal(relation.kind, counts, 'Your alliance');
    if (refused) answer.refuse(ruleText(refused));
    else answer.run({ relation, accept: true });
  }

  function onEnd(relation: DiplomaticRelation) {
    if (relation.status === 'active' && !window.confirm(endConfirmation(relation))) return;
    answer.run({ relation, accept: false });
  }

  return (
    <div className="stack alliance-diplomacy">
      {!mayManage && <p className="alliance-embassy">{ruleText(rightRefusal('diplomacy'))}.</p>}
      <ActionOutcome message={answer.outcome} />
      <section className="card" aria-labelledby="diplomacy-relations">
        <h2 id="diplomacy-relations">{t('diplomacy.relations')}</h2>
        <div className="alliance-relations">
          {DIPLOMACY_KINDS.map((kind) => {
            const cap = DIPLOMACY_CAPS[kind];
            const relations = diplomacy.relations.filter((relation) => relation.status === 'active' && relation.kind === kind);
            return (
              <section key={kind} className={`alliance-relations__kind alliance-relations__kind--${kind}`} aria-labelledby={`diplomacy-${kind}`}>
                <h3 id={`diplomacy-${kind}`}>
                  {kindsName(kind)}{' '}
                  <span className="alliance-relations__count" data-testid={`count-${kind}`}>
                    {cap === null ? counts[kind] : `${counts[kind]} / ${cap}`}
                  </span>
                </h3>
                {relations.length === 0 ? (
                  <p className="muted">{t('diplomacy.none')}</p>
                ) : (
                  <ul className="alliance-relations__list" aria-label={kindsName(kind)}>
                    {relations.map((relation) => (
                      <li key={relation.id} className="alliance-relation">
                        <span>
                          <AllianceLink alliance={relation.alliance} />{' '}
                          <span className="muted">
                            <Trans
                              t={t}
                              i18nKey="diplomacy.since"
                              values={{ when: formatDate(relation.acceptedAt ?? relation.proposedAt) }}
                              components={{ time: <time dateTime={relation.acceptedAt ?? relation.proposedAt} /> }}
                            />
                          </span>
                        </span>
                        {mayManage && (
                          <ActionButton className="button button--ghost button--small" pending={busyWith(relation)} disabled={answer.pending} onClick={() => onEnd(relation)}>
                            {t('diplomacy.end')}
                          </ActionButton>
                        )}
                      </li>
                    ))}
                  </ul>
                )}
              </section>
            );
          })}
        </div>
      </section>

      <section className="card" aria-labelledby="diplomacy-incoming">
        <h2 id="diplomacy-incoming">{t('diplomacy.incoming')}</h2>
        {incoming.length === 0 ? (
          <p className="muted">{t('diplomacy.noIncoming')}</p>
        ) : (
          <ul className="alliance-relations__list" aria-label={t('diplomacy.incoming')}>
            {incoming.map((relation) => (
              <li key={relation.id} className="alliance-relation">
                <span>
                  <Trans t={t} i18nKey="diplomacy.proposes" values={{ relation: aRelation(relation.kind) }} components={{ alliance: <AllianceLink alliance={relation.alliance} /> }} />
                  <Proposer relation={relation} />
                </span>
                {mayManage && (
                  <span className="row">
                    <ActionButton className="button button--small" pending={busyWith(relation) && answer.variables?.accept === true} disabled={answer.pending} onClick={() => onAccept(relation)}>
                      {t('actions.accept')}
                    </ActionButton>
                    <ActionButton className="button button--secondary button--small" pending={busyWith(relation) && answer.variables?.accept === false} disabled={answer.pending} onClick={() => onEnd(relation)}>
                      {t('actions.decline')}
                    </ActionButton>
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="card" aria-labelledby="diplomacy-outgoing">
        <h2 id="diplomacy-outgoing">{t('diplomacy.outgoing')}</h2>
        {outgoing.length === 0 ? (
          <p className="muted">{t('diplomacy.noOutgoing')}</p>
        ) : (
          <ul className="alliance-relations__list" aria-label={t('diplomacy.outgoing')}>
            {outgoing.map((relation) => (
              <li key={relation.id} className="alliance-relation">
                <span>
                  <Trans t={t} i18nKey="diplomacy.proposal" values={{ kind: diplomacyName(relation.kind) }} components={{ alliance: <AllianceLink alliance={relation.alliance} /> }} />
                  <Proposer relation={relation} />
                </span>
                {mayManage && (
                  <ActionButton className="button button--secondary button--small" pending={busyWith(relation)} disabled={answer.pending} onClick={() => onEnd(relation)}>
                    {t('actions.withdraw')}
                  </ActionButton>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      {mayManage && <ProposeForm diplomacy={diplomacy} myTag={myTag} counts={counts} />}
    </div>
  );
}
