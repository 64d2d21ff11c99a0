import { Select } from '@mantine/core';
import type { Card } from '@facturo/contract';

/** Chooses one of the account's verified cards (spec §5: unverified cards do not count). */
export function CardPicker({ cards, value, onChange, label = 'Tarjeta' }: { cards: Card[]; value: string | null; onChange: (id: string | null) => void; label?: string }) {
  return (
    <Select
      label={label}
      data={cards.filter((c) => c.verified).map((c) => ({ value: c.id, label: `${c.brand.toUpperCase()} •••• ${c.last4} — ${c.name}` }))}
      value={value}
      onChange={onChange}
      allowDeselect={false}
      placeholder="Elige una tarjeta"
    />
  );
}
