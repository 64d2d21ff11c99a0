import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { renderWithProviders } from '../test/render';
import { FormDateInput } from './form-date-input';

type Values = { day: string };
let latest: Values = { day: '' };

function Harness({ initial }: { initial: string }) {
  const form = useForm<Values>({ defaultValues: { day: initial } });
  latest = form.watch();
  return <FormDateInput control={form.control} name="day" label="Fecha de inicio" />;
}

const input = () => screen.getByLabelText('Fecha de inicio') as HTMLInputElement;

describe('FormDateInput', () => {
  it('shows the ISO form value day first', () => {
    renderWithProviders(<Harness initial="2026-01-15" />);
    expect(input().value).toBe('15/01/2026');
    expect(input().placeholder).toBe('dd/mm/aaaa');
  });

  it('keeps what the user types as the ISO day, read day first', async () => {
    renderWithProviders(<Harness initial="" />);
    fireEvent.change(input(), { target: { value: '01/02/2024' } });
    fireEvent.blur(input());
    await waitFor(() => expect(latest.day).toBe('2024-02-01'));
    expect(input().value).toBe('01/02/2024');
  });

  it('does not take a day that is not in the calendar', async () => {
    renderWithProviders(<Harness initial="2026-01-15" />);
    fireEvent.change(input(), { target: { value: '31/02/2026' } });
    fireEvent.blur(input());
    await waitFor(() => expect(input().value).toBe('15/01/2026'));
    expect(latest.day).toBe('2026-01-15');
  });

  it('clearing the text leaves an empty string for the schema', async () => {
    renderWithProviders(<Harness initial="2026-01-15" />);
    fireEvent.change(input(), { target: { value: '' } });
    await waitFor(() => expect(latest.day).toBe(''));
  });

  it('opens a Spanish calendar whose weeks start on Monday', async () => {
    renderWithProviders(<Harness initial="2026-01-15" />);
    fireEvent.click(input());
    expect(await screen.findByText('enero 2026')).toBeTruthy();
    const heads = [...document.querySelectorAll('thead th')].map((th) => th.textContent);
    expect(heads[0]).toMatch(/^lu/i);
  });
});
