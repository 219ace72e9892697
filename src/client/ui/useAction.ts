// A player's action as one hook: the mutation (busy while it runs, and while the reads it changed are read again) and
// the outcome to show beside its button: the success note, the server's reason, or the form's own refusal.
import { useState } from 'react';
import { useMutation, type MutateOptions, type UseMutationOptions, type UseMutationResult } from '@tanstack/react-query';
import { apiError } from '../api/client';
import type { OutcomeMessage } from './ActionOutcome';

export interface ActionOptions<TData, TVariables> extends UseMutationOptions<TData, Error, TVariables> {
  /** What to say when it worked; nothing is said when left out. */
  success?: string | ((data: TData, variables: TVariables) => string);
  /** What to say when it failed and the server gave no reason (a network failure, a 500). */
  failure: string;
}

export interface Action<TData, TVariables> {
  /** Starts the action; the last outcome goes away meanwhile. `then` is told of this run's end (while still mounted). */
  run: (variables: TVariables, then?: MutateOptions<TData, Error, TVariables>) => void;
  /** Says why the form will not send (checked before asking the server), in place of the last outcome. */
  refuse: (reason: string) => void;
  pending: boolean;
  /** What the running (or last) action was started with: which row's button is busy. */
  variables: TVariables | undefined;
  outcome: OutcomeMessage | null;
  mutation: UseMutationResult<TData, Error, TVariables>;
}

export function useAction<TData = unknown, TVariables = void>({ success, failure, ...options }: ActionOptions<TData, TVariables>): Action<TData, TVariables> {
  const mutation = useMutation(options);
  const [refusal, setRefusal] = useState<string | null>(null);

  let outcome: OutcomeMessage | null = null;
  if (refusal !== null) outcome = { kind: 'error', text: refusal };
  else if (mutation.isError) outcome = { kind: 'error', text: apiError(mutation.error, failure) };
  else if (mutation.isSuccess && success !== undefined) {
    outcome = { kind: 'success', text: typeof success === 'function' ? success(mutation.data, mutation.variables) : success };
  }

  return {
    run: (variables, then) => {
      setRefusal(null);
      mutation.mutate(variables, then);
    },
    refuse: (reason) => {
      mutation.reset();
      setRefusal(reason);
    },
    pending: mutation.isPending,
    variables: mutation.variables,
    outcome,
    mutation,
  };
}
