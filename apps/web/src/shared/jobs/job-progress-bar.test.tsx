import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { renderWithProviders } from '../test/render';
import { dispatchLive } from '../socket/live-channel';
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
});
