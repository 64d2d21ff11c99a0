import { Group, Select } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { availableYears, monthOptions } from '../../../shared/period/period-rules';
import { setPeriod, usePeriod } from '../../../shared/period/period-store';

/** Month and year selectors of the dashboard filter (§2.6, §4). */
export function PeriodFilter() {
  const { t } = useTranslation();
  const { month, year } = usePeriod();
  const today = new Date();
  return (
    <Group gap="xs" wrap="nowrap" data-testid="period-filter">
      <Select
        aria-label={t('period.month')}
        leftSection={<IconCalendar size={16} />}
        w={150}
        size="xs"
        allowDeselect={false}
        data={monthOptions(year, today).map((m) => ({ value: String(m.value), label: m.text }))}
        value={String(month)}
        onChange={(v) => v && setPeriod({ month: Number(v) })}
      />
      <Select
        aria-label={t('period.year')}
        w={90}
        size="xs"
        allowDeselect={false}
        data={availableYears(today).map(String)}
        value={String(year)}
        onChange={(v) => v && setPeriod({ year: Number(v) })}
      />
    </Group>
  );
}
