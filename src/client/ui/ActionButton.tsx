// The button of an action: disabled while the action runs (or when told), and optionally saying so ('Sending...').
import type { ButtonHTMLAttributes, ReactNode } from 'react';

export interface ActionButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** The action is running: the button waits. */
  pending: boolean;
  /** The label while running; the usual one when left out. */
  busyLabel?: ReactNode;
}

export function ActionButton({ pending, busyLabel, disabled, children, type = 'button', ...rest }: ActionButtonProps) {
  return (
    <button type={type} {...rest} disabled={disabled || pending}>
      {pending && busyLabel !== undefined ? busyLabel : children}
    </button>
  );
}
