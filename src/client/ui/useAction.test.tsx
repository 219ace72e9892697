// @vitest-environment happy-dom
// The shared action hook: busy while it runs, then the success note or the server's reason (else the fallback), or the form's own refusal.
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { ApiFailure } from '../api/client';
import { renderWithProviders } from '../test/render';
import { ActionButton } from './ActionButton';
import { ActionOutcome } from './ActionOutcome';
import { useAction } from './useAction';

afterEach(cleanup);

function Deed({ act: run }: { act: (name: string) => Promise<string> }) {
  const deed = useAction({ mutationFn: run, success: (done, name) => `${done} for ${name}.`, failure: 'It failed.' });
  return (
    <>
      <ActionButton pending={deed.pending} busyLabel="Working..." onClick={() => deed.run('Floki')}>
        Act
      </ActionButton>
      <button type="button" onClick={() => deed.refuse('Say who first.')}>
        Refuse
      </button>
      <ActionOutcome message={deed.outcome} />
    </>
  );
}

describe('useAction', () => {
  it('is busy while running, then says what happened', async () => {
    let finish: (value: string) => void = () => undefined;
    renderWithProviders(<Deed act={() => new Promise((resolve) => (finish = resolve))} />);
    fireEvent.click(screen.getByRole('button', { name: 'Act' }));
    const busy = await screen.findByRole('button', { name: 'Working...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    await act(async () => finish('Done'));
    expect((await screen.findByRole('status')).textContent).toBe('Done for Floki.');
    expect(screen.getByRole('status').className).toBe('alert alert--success alert--compact');
  });

  it("shows the server's reason, else the fallback, and the form's own refusal in their place", async () => {
    const failures = [new ApiFailure(409, { error: 'Not enough mead' }), new TypeError('Failed to fetch')];
    renderWithProviders(<Deed act={() => Promise.reject(failures.shift())} />);
    fireEvent.click(screen.getByRole('button', { name: 'Act' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Not enough mead');
    fireEvent.click(screen.getByRole('button', { name: 'Act' }));
    expect((await screen.findByText('It failed.')).getAttribute('role')).toBe('alert');
    fireEvent.click(screen.getByRole('button', { name: 'Refuse' }));
    expect(screen.getByRole('alert').textContent).toBe('Say who first.');
  });
});
