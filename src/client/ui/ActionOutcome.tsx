// The result of a player's action, shown beside the button that took it: a success note (status) or the reason it failed (alert).
export interface OutcomeMessage {
  kind: 'success' | 'error';
  text: string;
}

export interface ActionOutcomeProps {
  message: OutcomeMessage | null;
  /** The small form beside a button (the default), or a full-width alert above a form. */
  compact?: boolean;
  /** An extra class for where it sits. */
  className?: string;
  /** A paragraph beside a button; a full-width alert is a block of its own (no paragraph margin) unless told. */
  as?: 'p' | 'div';
}

export function ActionOutcome({ message, compact = true, className, as }: ActionOutcomeProps) {
  if (!message) return null;
  const classes = ['alert', message.kind === 'success' && 'alert--success', compact && 'alert--compact', className].filter(Boolean).join(' ');
  const Element = as ?? (compact ? 'p' : 'div');
  return (
    <Element className={classes} role={message.kind === 'success' ? 'status' : 'alert'}>
      {message.text}
    </Element>
  );
}
