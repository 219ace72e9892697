// The result of a player's action, shown beside the button that took it: a success note (status) or the reason it failed (alert).
export interface OutcomeMessage {
  kind: 'success' | 'error';
  text: string;
}

export function ActionOutcome({ message }: { message: OutcomeMessage | null }) {
  if (!message) return null;
  return message.kind === 'success' ? (
    <p className="alert alert--success alert--compact" role="status">
      {message.text}
    </p>
  ) : (
    <p className="alert alert--compact" role="alert">
      {message.text}
    </p>
  );
}
