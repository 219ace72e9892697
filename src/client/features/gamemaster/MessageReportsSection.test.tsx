// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MessageReport } from '../../api/gamemaster';
import { setupFakeServer } from '../../test/fakeServer';
import { TEST_USER, renderWithProviders } from '../../test/render';
import { MessageReportsSection } from './MessageReportsSection';

const BJORN = { id: '44444444-4444-4444-8444-444444444444', username: 'Bjorn' };
const ASTRID = { id: '55555555-5555-4555-8555-555555555555', username: 'Astrid' };

function report(id: string, resolvedAt: string | null, subject: string): MessageReport {
  return {
    id,
    reason: 'Threats\nand insults',
    reportedAt: '2026-03-01T10:00:00.000Z',
    reporter: ASTRID,
    resolvedAt,
    message: { id: `m-${id}`, from: BJORN, to: ASTRID, subject, sentAt: '2026-03-01T09:00:00.000Z', read: true, body: 'I will burn <b>your</b> village.\nTonight.', report: null, invitation: null },
  };
}

const server = setupFakeServer();
let reports: MessageReport[] = [];

beforeEach(() => {
  reports = [report('r1', null, 'Threat'), report('r2', '2026-03-01T11:00:00.000Z', 'Old insult')];
  server.routesFrom({
    'GET /api/gm/message-reports': ({ query }) => ({
      reports,
      page: Number(query.get('page')),
      limit: Number(query.get('limit')),
      total: reports.length,
      open: reports.filter((r) => r.resolvedAt === null).length,
    }),
    'POST /api/gm/message-reports/:messageReportId/resolve': ({ params }) => {
      reports = reports.map((r) => (r.id === params.messageReportId ? { ...r, resolvedAt: '2026-03-02T08:00:00.000Z' } : r));
      return { report: reports.find((r) => r.id === params.messageReportId) };
    },
  });
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('reported messages', () => {
  it('lists the reports, open first, with the message as text, and resolves one', async () => {
    renderWithProviders(<MessageReportsSection />, { user: { ...TEST_USER, role: 'gamemaster' } });
    expect(await screen.findByRole('heading', { name: 'Reported messages (1 open)' })).toBeTruthy();
    const open = screen.getByRole('listitem', { name: 'Report of “Threat”' });
    expect(within(open).getByText('Open')).toBeTruthy();
    expect(within(open).getByRole('link', { name: 'Bjorn' }).getAttribute('href')).toBe(`/game/players/${BJORN.id}`);
    const body = within(open).getByText(/I will burn/);
    expect(body.textContent).toBe('I will burn <b>your</b> village.\nTonight.');
    expect(body.querySelector('b')).toBeNull();
    expect(open.textContent).toContain('Threats\nand insults');
    expect(within(screen.getByRole('listitem', { name: 'Report of “Old insult”' })).queryByRole('button', { name: 'Resolve' })).toBeNull();

    fireEvent.click(within(open).getByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Reported messages' })).toBeTruthy());
    expect(within(screen.getByRole('listitem', { name: 'Report of “Threat”' })).getByText('Resolved')).toBeTruthy();
    expect(server.requests('POST', '/api/gm/message-reports/r1/resolve')).toHaveLength(1);
  });
});
