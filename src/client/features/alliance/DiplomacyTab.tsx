// The alliance's diplomacy: active relations by kind against their caps, proposals both ways, and for ranks with the diplomacy right the answers, Withdraw, End and a form to propose.
import { useId, useState, type FormEvent } from 'react';
import { useAtomValue } from 'jotai';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { acceptRelation, endRelation, proposeRelation, type Diplomacy, type DiplomacyKind, type DiplomaticRelation } from '../../api/alliances';
import { apiError } from '../../api/client';
import { hasRight, rightRefusal, type AllianceRole } from '../../../rules/alliances';
import { DIPLOMACY_CAPS, DIPLOMACY_KINDS, DIPLOMACY_NAMES, capRefusal, proposalRefusal, type RelationCounts } from '../../../rules/diplomacy';
import { isOneOf } from '../../../rules/tuples';
import { diplomacyQuery } from '../../state/queries';
import { userIdAtom } from '../../state/session';
import { ActionButton } from '../../ui/ActionButton';
import { ActionOutcome } from '../../ui/ActionOutcome';
import { formatDate } from '../../ui/dates';
import { PlayerLink } from '../../ui/PlayerLink';
import { Spinner } from '../../ui/Spinner';
import { useAction } from '../../ui/useAction';
import { AllianceLink } from './AllianceLink';
import { diplomacyChanged } from './allianceCache';
import { aRelation, countsOf, kindsName, theRelation } from './relations';
import { allianceTagError } from '../../../rules/validation';

/** What ending a relation asks first. */
export function endConfirmation(relation: Pick<DiplomaticRelation, 'kind' | 'alliance'>): string {
  return `End ${theRelation(relation.kind)} with [${relation.alliance.tag}] ${relation.alliance.name}?`;
}

/** How an answer to a relation is sent: accepting, or ending it (declining and withdrawing a proposal are endings too). */
type Answer = { relation: DiplomaticRelation; accept: boolean };

interface ProposeFormProps {
  diplomacy: Diplomacy;
  myTag: string;
  counts: RelationCounts;
}

function ProposeForm({ diplomacy, myTag, counts }: ProposeFormProps) {
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
    success: (_reply, proposal) => `${DIPLOMACY_NAMES[proposal.kind]} proposed to [${proposal.tag}].`,
    failure: 'Failed to propose the relation',
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
    if (refused) propose.refuse(refused);
    else propose.run({ tag: wanted, kind });
  }

  return (
    <section className="card alliance-propose" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Propose a relation</h2>
      <form className="alliance-propose__form" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
        <div className="field">
          <label htmlFor={`${id}-tag`}>Alliance tag</label>
          <input
            id={`${id}-tag`}
            className="input"
            autoComplete="off"
            placeholder="e.g. WOLF"
            value={tag}
            // Tags are capitals and digits: typing in lower case is taken as meant in capitals.
            onChange={(event) => {
              setTag(event.target.value.toUpperCase());
              propose.mutation.reset();
            }}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-kind`}>Kind</label>
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
                {DIPLOMACY_NAMES[option]}
              </option>
            ))}
          </select>
        </div>
        <ActionButton type="submit" className="button" pending={propose.pending}>
          Propose
        </ActionButton>
      </form>
      <ActionOutcome message={propose.outcome} />
    </section>
  );
}

function Proposer({ relation }: { relation: DiplomaticRelation }) {
  return (
    <span className="muted">
      {' '}
      · by <PlayerLink player={relation.proposedBy} fallback="a former member" /> on <time dateTime={relation.proposedAt}>{formatDate(relation.proposedAt)}</time>
    </span>
  );
}

export interface DiplomacyTabProps {
  myRole: AllianceRole;
  /** The player's alliance's tag: a proposal to oneself is refused before it is sent. */
  myTag: string;
}

export function DiplomacyTab({ myRole, myTag }: DiplomacyTabProps) {
  const viewer = useAtomValue(userIdAtom);
  const client = useQueryClient();
  const read = useQuery(diplomacyQuery(viewer, true));
  const mayManage = hasRight(myRole, 'diplomacy');
  const answer = useAction({
    mutationFn: ({ relation, accept }: Answer) => (accept ? acceptRelation(relation.id) : endRelation(relation.id)),
    // Accepting starts a relation, ending an active one stops it: both alliances' profiles list their relations.
    onSuccess: (reply, { relation, accept }) => diplomacyChanged(client, viewer, reply, accept || relation.status === 'active' ? relation.alliance.id : null),
    success: (_reply, { relation, accept }) => {
      const other = `[${relation.alliance.tag}]`;
      if (accept) return `${DIPLOMACY_NAMES[relation.kind]} with ${other} accepted.`;
      if (relation.status === 'active') return `${DIPLOMACY_NAMES[relation.kind]} with ${other} ended.`;
      return relation.direction === 'incoming' ? `Proposal of ${other} declined.` : `Proposal to ${other} withdrawn.`;
    },
    failure: 'Failed to answer the proposal',
  });

  if (!read.data) {
    if (read.isError) {
      return (
        <div className="card alliance-failed">
          <p>{apiError(read.error, 'Could not load the diplomacy.')}</p>
          <button type="button" className="button button--secondary" onClick={() => void read.refetch()}>
            Try again
          </button>
        </div>
      );
    }
    return <Spinner label="Loading the diplomacy..." />;
  }
  const diplomacy = read.data;
  const counts = countsOf(diplomacy.relations);
  const incoming = diplomacy.relations.filter((relation) => relation.status === 'proposed' && relation.direction === 'incoming');
  const outgoing = diplomacy.relations.filter((relation) => relation.status === 'proposed' && relation.direction === 'outgoing');
  const busyWith = (relation: DiplomaticRelation) => answer.pending && answer.variables?.relation.id === relation.id;

  function onAccept(relation: DiplomaticRelation) {
    const refused = capRefusal(relation.kind, counts, 'Your alliance');
    if (refused) answer.refuse(refused);
    else answer.run({ relation, accept: true });
  }

  function onEnd(relation: DiplomaticRelation) {
    if (relation.status === 'active' && !window.confirm(endConfirmation(relation))) return;
    answer.run({ relation, accept: false });
  }

  return (
    <div className="stack alliance-diplomacy">
      {!mayManage && <p className="alliance-embassy">{rightRefusal('diplomacy')}.</p>}
      <ActionOutcome message={answer.outcome} />
      <section className="card" aria-labelledby="diplomacy-relations">
        <h2 id="diplomacy-relations">Relations</h2>
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
                  <p className="muted">None.</p>
                ) : (
                  <ul className="alliance-relations__list" aria-label={kindsName(kind)}>
                    {relations.map((relation) => (
                      <li key={relation.id} className="alliance-relation">
                        <span>
                          <AllianceLink alliance={relation.alliance} />{' '}
                          <span className="muted">
                            since <time dateTime={relation.acceptedAt ?? relation.proposedAt}>{formatDate(relation.acceptedAt ?? relation.proposedAt)}</time>
                          </span>
                        </span>
                        {mayManage && (
                          <ActionButton className="button button--ghost button--small" pending={busyWith(relation)} disabled={answer.pending} onClick={() => onEnd(relation)}>
                            End
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
        <h2 id="diplomacy-incoming">Proposals to your alliance</h2>
        {incoming.length === 0 ? (
          <p className="muted">No proposals are waiting for an answer.</p>
        ) : (
          <ul className="alliance-relations__list" aria-label="Proposals to your alliance">
            {incoming.map((relation) => (
              <li key={relation.id} className="alliance-relation">
                <span>
                  <AllianceLink alliance={relation.alliance} /> proposes {aRelation(relation.kind)}
                  <Proposer relation={relation} />
                </span>
                {mayManage && (
                  <span className="row">
                    <ActionButton className="button button--small" pending={busyWith(relation) && answer.variables?.accept === true} disabled={answer.pending} onClick={() => onAccept(relation)}>
                      Accept
                    </ActionButton>
                    <ActionButton className="button button--secondary button--small" pending={busyWith(relation) && answer.variables?.accept === false} disabled={answer.pending} onClick={() => onEnd(relation)}>
                      Decline
                    </ActionButton>
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="card" aria-labelledby="diplomacy-outgoing">
        <h2 id="diplomacy-outgoing">Your proposals</h2>
        {outgoing.length === 0 ? (
          <p className="muted">Your alliance has no proposal waiting.</p>
        ) : (
          <ul className="alliance-relations__list" aria-label="Your proposals">
            {outgoing.map((relation) => (
              <li key={relation.id} className="alliance-relation">
                <span>
                  {DIPLOMACY_NAMES[relation.kind]} proposed to <AllianceLink alliance={relation.alliance} />
                  <Proposer relation={relation} />
                </span>
                {mayManage && (
                  <ActionButton className="button button--secondary button--small" pending={busyWith(relation)} disabled={answer.pending} onClick={() => onEnd(relation)}>
                    Withdraw
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
