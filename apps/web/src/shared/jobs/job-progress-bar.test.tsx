import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { mockFetch, renderWithProviders } from '../test/render';
import { dispatchLive, notifyLiveConnected } from '../socket/live-channel';
import { JobProgressBar } from './job-progress-bar';

const rfc = 'EKU9003173C9';
const msg = (patch: Record<string, unknown>) => ({
  rfc,
  title: 'Validación de CIEC',
  message: 'Conectando con el SAT',
  code: 200,
  finished: false,
  last_update: '2026-11-23T12:00:00Z',
  jobId: 'job-7',
  ...patch,
});

describe('<JobProgressBar />', () => {
  it('follows its job live and ends in success', () => {
    renderWithProviders(<JobProgressBar jobId="job-7" />);
    const bar = screen.getByTestId('job-progress');
    expect(bar.dataset.status).toBe('pending');
    act(() => dispatchLive('progress', msg({ progress: 35 }), rfc));
    expect(bar.dataset.status).toBe('running');
    expect(bar.dataset.progress).toBe('35');
    expect(screen.getByText('Conectando con el SAT')).toBeTruthy();
    act(() => dispatchLive('progress', msg({ jobId: 'other', progress: 90 }), rfc));
    act(() => dispatchLive('progress', msg({ rfc: 'XAXX010101000', progress: 95 }), rfc));
    expect(bar.dataset.progress).toBe('35');
    act(() => dispatchLive('ciec', msg({ finished: true, message: 'CIEC válida' }), rfc));
    expect(bar.dataset.status).toBe('success');
    expect(bar.dataset.progress).toBe('100');
  });
  it('a bar mounted after its job already reported starts from the last message', () => {
    act(() => dispatchLive('progress', msg({ jobId: 'job-early', progress: 10 }), rfc));
    act(() => dispatchLive('progress', msg({ jobId: 'job-early', progress: 35, message: 'Consultando al SAT' }), rfc));
    renderWithProviders(<JobProgressBar jobId="job-early" />);
    const bar = screen.getByTestId('job-progress');
    expect(bar.dataset.status).toBe('running');
    expect(bar.dataset.progress).toBe('35');
    expect(screen.getByText('Consultando al SAT')).toBeTruthy();
  });
  it('a late bar of a finished job still reports the end', async () => {
    act(() => dispatchLive('ciec', msg({ jobId: 'job-done', code: 500, finished: true, message: 'CIEC incorrecta' }), rfc));
    const ended: string[] = [];
    renderWithProviders(<JobProgressBar jobId="job-done" onFinished={(s) => ended.push(s.status)} />);
    expect(screen.getByTestId('job-progress').dataset.status).toBe('failed');
    await act(async () => {});
    expect(ended).toEqual(['failed']);
  });
  it('shows failure on code 500', () => {
    renderWithProviders(<JobProgressBar type="CIEC" />);
    act(() => dispatchLive('ciec', msg({ jobId: undefined, progress: 60 }), rfc));
    act(() => dispatchLive('ciec', msg({ jobId: undefined, code: 500, finished: true, message: 'CIEC incorrecta' }), rfc));
    const bar = screen.getByTestId('job-progress');
    expect(bar.dataset.status).toBe('failed');
    expect(screen.getByText('CIEC incorrecta')).toBeTruthy();
  });
  it('says "Reintentando…" while a retried job runs again, and stops saying it when it ends', () => {
    renderWithProviders(<JobProgressBar jobId="job-retry" />);
    act(() => dispatchLive('progress', msg({ jobId: 'job-retry', progress: 82 }), rfc));
    const bar = screen.getByTestId('job-progress');
    expect(screen.queryByTestId('job-retrying')).toBeNull();
    act(() => dispatchLive('progress', msg({ jobId: 'job-retry', progress: 5, attempt: 2, message: 'Reintentando…' }), rfc));
    expect(screen.getByTestId('job-retrying').textContent).toBe('Reintentando…');
    expect(bar.dataset.progress).toBe('5');
    act(() => dispatchLive('progress', msg({ jobId: 'job-retry', finished: true, attempt: 2, message: 'CIEC válida' }), rfc));
    expect(bar.dataset.status).toBe('success');
    expect(screen.queryByTestId('job-retrying')).toBeNull();
  });

  describe('catching up with the server when the socket missed messages', () => {
    const realFetch = globalThis.fetch;
    afterEach(() => { globalThis.fetch = realFetch; });
    const id = '5d0c3a52-8f4e-4a7b-9a51-0c1f6d2b7e10';
    const record = (patch: Record<string, unknown>) => ({
      id, type: 'PAYROLL', title: 'Timbrado de nómina', message: 'Timbrando recibos', month: 11, year: 2026, warning: null,
      progress: 0, finished: false, code: null, last_update: '2026-11-29T10:00:00Z', ...patch,
    });

    it('a bar mounted after its job reported, with nothing heard on the socket, reads where the job got to', async () => {
      const calls = mockFetch((url) => (url.pathname === `/api/background/process/${id}` ? { body: record({ progress: 40 }) } : undefined));
      renderWithProviders(<JobProgressBar jobId={id} />);
      const bar = screen.getByTestId('job-progress');
      await waitFor(() => expect(bar.dataset.progress).toBe('40'));
      expect(bar.dataset.status).toBe('running');
      expect(calls.map((c) => c.url)).toEqual([`/api/background/process/${id}`]);
    });

    it('a job that ended while the socket was reconnecting ends the bar once it is back', async () => {
      let stored = record({ progress: 10 });
      mockFetch((url) => (url.pathname === `/api/background/process/${id}` ? { body: stored } : undefined));
      const ended: string[] = [];
      renderWithProviders(<JobProgressBar jobId={id} onFinished={(s) => ended.push(s.status)} />);
      const bar = screen.getByTestId('job-progress');
      act(() => dispatchLive('payroll', msg({ jobId: id, progress: 35 }), rfc));
      expect(bar.dataset.progress).toBe('35');
      stored = record({ progress: 100, finished: true, code: 200, message: 'Se timbraron 3 recibos' });
      act(() => notifyLiveConnected());
      await waitFor(() => expect(bar.dataset.status).toBe('success'));
      expect(screen.getByText('Se timbraron 3 recibos')).toBeTruthy();
      await waitFor(() => expect(ended).toEqual(['success']));
    });

    it('a record older than what the socket already said does not pull the bar back', async () => {
      mockFetch((url) => (url.pathname === `/api/background/process/${id}` ? { body: record({ progress: 50 }) } : undefined));
      renderWithProviders(<JobProgressBar jobId={id} />);
      const bar = screen.getByTestId('job-progress');
      act(() => dispatchLive('payroll', msg({ jobId: id, progress: 80 }), rfc));
      act(() => notifyLiveConnected());
      await act(async () => { await new Promise((r) => setTimeout(r, 20)); });
      expect(bar.dataset.progress).toBe('80');
      expect(bar.dataset.status).toBe('running');
    });

    it('a failed job read back shows the failure', async () => {
      // Another job: the channel keeps the last message of the jobs above for late bars.
      const other = '9b1e6f0c-2d3a-4c5b-8e7f-1a2b3c4d5e6f';
      mockFetch((url) => (url.pathname === `/api/background/process/${other}` ? { body: record({ id: other, progress: 30, finished: true, code: 500, message: 'El PAC rechazó el recibo' }) } : undefined));
      renderWithProviders(<JobProgressBar jobId={other} />);
      const bar = screen.getByTestId('job-progress');
      await waitFor(() => expect(bar.dataset.status).toBe('failed'));
      expect(screen.getByText('El PAC rechazó el recibo')).toBeTruthy();
    });
  });
});
