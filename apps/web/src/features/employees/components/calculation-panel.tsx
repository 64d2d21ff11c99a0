import { Divider, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@facturo/cfdi/money';
import type { PayrollCalculation } from '@facturo/contract';

function Row({ label, value, strong, testId }: { label: string; value: string; strong?: boolean; testId?: string }) {
  return (
    <Group justify="space-between" gap="xs">
      <Text size="sm" fw={strong ? 700 : 400}>{label}</Text>
      <Text size="sm" fw={strong ? 700 : 500} ff="monospace" data-testid={testId}>{formatMoney(value)}</Text>
    </Group>
  );
}

/** ISR and IMSS of one pay period (spec §7.10 "calculate ISR and IMSS"), amounts as $1,234.56. */
export function CalculationPanel({ calc }: { calc: PayrollCalculation }) {
  const { t } = useTranslation();
  return (
    <Stack gap={6} data-testid="payroll-calculation">
      <Text size="xs" c="dimmed">
        {t('employees.calc.period', { periodo: calc.periodo_descripcion, dias: calc.dias, fecha: calc.fecha, year: calc.year })}
      </Text>
      <Row label={t('employees.calc.percepciones')} value={calc.total_percepciones} testId="calc-percepciones" />
      <Row label={t('employees.calc.gravado')} value={calc.total_gravado} />
      <Row label={t('employees.calc.exento')} value={calc.total_exento} />
      {calc.total_otros_pagos !== '0.00' && <Row label={t('employees.calc.otrosPagos')} value={calc.total_otros_pagos} />}
      <Divider />
      <Row label={t('employees.calc.isrCausado')} value={calc.isr_causado} />
      <Row label={t('employees.calc.subsidio')} value={calc.subsidio} />
      <Row label={t('employees.calc.isr')} value={calc.isr} strong testId="calc-isr" />
      <Row label={t('employees.calc.imssObrero')} value={calc.imss_obrero} strong testId="calc-imss-obrero" />
      {calc.otras_deducciones !== '0.00' && <Row label={t('employees.calc.otrasDeducciones')} value={calc.otras_deducciones} />}
      <Row label={t('employees.calc.deducciones')} value={calc.total_deducciones} />
      <Divider />
      <Row label={t('employees.calc.neto')} value={calc.neto} strong testId="calc-neto" />
      <Divider label={t('employees.calc.employer')} labelPosition="left" />
      <Row label={t('employees.calc.imssPatronal')} value={calc.imss_patronal} testId="calc-imss-patronal" />
      <Row label={t('employees.calc.infonavit')} value={calc.infonavit} />
      <Text size="xs" c="dimmed">{t('employees.calc.basis', { sdi: formatMoney(calc.sdi), prima: calc.prima_riesgo })}</Text>
      <Table withTableBorder fz="xs" verticalSpacing={2} mt="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('employees.calc.imssConcept')}</Table.Th>
            <Table.Th ta="right">{t('employees.calc.obrero')}</Table.Th>
            <Table.Th ta="right">{t('employees.calc.patron')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {calc.imss_conceptos.map((c) => (
            <Table.Tr key={c.concepto}>
              <Table.Td>{c.nombre}</Table.Td>
              <Table.Td ta="right" ff="monospace">{formatMoney(c.obrero)}</Table.Td>
              <Table.Td ta="right" ff="monospace">{formatMoney(c.patron)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
