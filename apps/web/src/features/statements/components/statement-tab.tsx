import { Alert, Badge, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconCalculator, IconFileTypePdf } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatMoney } from '@facturo/cfdi/money';
import { MONTH_NAMES, type Statement } from '@facturo/contract';
import { isApiError } from '../../../shared/api/api-error';
import { formatDay } from '../../../shared/format/dates';
import type { Period } from '../../../shared/period/period-store';
import { ListTable } from '../../../shared/ui/list-table';
import { toastError, toastSuccess } from '../../../shared/ui/toasts';
import { markFiled, settingsQuery, startStatement, statementKeys, statementPdfUrl, statementQuery, statementsQuery } from '../api/statements-api';

const NOT_MONEY = new Set(['tasa', 'coeficiente', 'proporcion']);
/** The amounts to pay (whole pesos, CFF art. 20) stand out from the detail, which keeps the cents. */
const TO_PAY = new Set(['isr_a_pagar', 'iva_a_cargo', 'iva_a_pagar']);
export const errorLines = (e: unknown) => (isApiError(e) ? [e.message] : undefined);

/** One computed statement: each section with its lines, the article and the CFDIs behind it. */
export function StatementDetail({ s, hidden }: { s: Statement; hidden: Set<string> }) {
  const [showDocs, setShowDocs] = useState(false);
  const pdf = useMutation({ mutationFn: () => statementPdfUrl(s.id).then((u) => window.open(u, '_blank')), onError: () => toastError() });
  const qc = useQueryClient();
  const filed = useMutation({
    mutationFn: () => markFiled(s.id, !s.presentada_at),
    onSuccess: async (next) => {
      qc.setQueryData(statementKeys.one(s.rfc, s.id), next);
      await qc.invalidateQueries({ queryKey: statementKeys.all(s.rfc) });
      await qc.invalidateQueries({ queryKey: ['dashboard'] });
      toastSuccess(next.presentada_at ? 'Declaración marcada como presentada' : 'La declaración vuelve a ser un cálculo sin presentar');
    },
    onError: (e) => toastError(errorLines(e)),
  });
  return (
    <Card withBorder radius="md" padding="md" data-testid="statement-detail">
      <Group justify="space-between" mb="sm">
        <div>
          <Title order={4}>Declaración {s.period}</Title>
          <Text size="sm" c="dimmed">{s.rfc} · {s.type}{s.regimen ? ` · régimen ${s.regimen}` : ''}</Text>
        </div>
        <Group gap="xs">
          {s.presentada_at && <Badge color="teal" variant="light" data-testid="statement-filed">Presentada el {formatDay(s.presentada_at.slice(0, 10))}</Badge>}
          <Button variant="default" loading={filed.isPending} onClick={() => filed.mutate()} data-testid="statement-mark-filed">
            {s.presentada_at ? 'Marcar como no presentada' : 'Marcar como presentada'}
          </Button>
          <Button variant="light" leftSection={<IconFileTypePdf size={16} />} loading={pdf.isPending} onClick={() => pdf.mutate()} data-testid="statement-pdf">Ver PDF</Button>
        </Group>
      </Group>
      <Text size="xs" c="dimmed" mb="xs" data-testid="statement-rounding">
        Las cantidades a pagar van en pesos enteros (CFF art. 20: de 1 a 50 centavos se bajan, de 51 a 99 se suben); el detalle conserva los centavos.
        Mientras no la marques como presentada, el tablero muestra estas cifras como «estimado».
      </Text>
      {s.mensaje && <Alert color="blue" mb="sm" data-testid="statement-empty">{s.mensaje}</Alert>}
      <Stack gap="md">
        {s.secciones.filter((sec) => !hidden.has(sec.impuesto)).map((sec) => (
          <div key={sec.impuesto} data-testid={`section-${sec.impuesto}`}>
            <Group justify="space-between">
              <Text fw={700}>{sec.titulo}</Text>
              <Badge size="lg" color={sec.a_pagar === '0.00' ? 'gray' : 'red'} data-testid={`a-pagar-${sec.impuesto}`}>A pagar {formatMoney(sec.a_pagar)}</Badge>
            </Group>
            {sec.mensaje && <Alert color={sec.calculado ? 'yellow' : 'gray'} mt="xs">{sec.mensaje}</Alert>}
            {sec.lineas.length > 0 && (
              <Table mt="xs" striped>
                <Table.Tbody>
                  {sec.lineas.map((l) => (
                    <Table.Tr key={l.clave} data-testid={`line-${sec.impuesto}-${l.clave}`}>
                      <Table.Td><Text size="sm" fw={TO_PAY.has(l.clave) ? 700 : 400}>{l.concepto}</Text><Text size="xs" c="dimmed">{l.fundamento}</Text></Table.Td>
                      <Table.Td ta="right">{NOT_MONEY.has(l.clave) ? l.valor : formatMoney(l.valor)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
            {sec.saldo_a_favor !== '0.00' && <Text size="sm" mt={4} c="teal">Saldo a favor para el mes siguiente: {formatMoney(sec.saldo_a_favor)}</Text>}
          </div>
        ))}
        <Button variant="subtle" onClick={() => setShowDocs((v) => !v)}>{showDocs ? 'Ocultar' : 'Ver'} los {s.documentos.length} CFDI considerados</Button>
        {showDocs && (
          <ListTable minWidth={760} testId="statement-docs" columns={[{ label: 'Fecha' }, { label: 'UUID' }, { label: 'RFC' }, { label: 'Concepto' }, { label: 'Base', align: 'right' }, { label: 'IVA', align: 'right' }]}>
            {s.documentos.slice(0, 500).map((d, i) => (
              <Table.Tr key={`${d.uuid}-${i}`}>
                <Table.Td>{formatDay(d.fecha)}</Table.Td>
                <Table.Td><Text size="xs" ff="monospace">{d.uuid}</Text></Table.Td>
                <Table.Td>{d.rfc}</Table.Td>
                <Table.Td>{d.fuente} ({d.origen})</Table.Td>
                <Table.Td ta="right">{formatMoney(d.base)}</Table.Td>
                <Table.Td ta="right">{formatMoney(d.iva)}</Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        )}
      </Stack>
    </Card>
  );
}

/** Tab 0: compute the filter's month, the history, and the selected statement. */
export function StatementTab({ rfc, period }: { rfc: string; period: Period }) {
  const qc = useQueryClient();
  const [page, setPage] = useState(1);
  // "¿Cómo se calculó?" on the dashboard opens the month's stored statement (?statement=id).
  const [params] = useSearchParams();
  const linked = Number(params.get('statement'));
  const [selected, setSelected] = useState<number | null>(Number.isInteger(linked) && linked > 0 ? linked : null);
  const list = useQuery(statementsQuery(rfc, page, 10));
  const settings = useQuery(settingsQuery(rfc));
  const hidden = new Set([...(settings.data?.show_isr === false ? ['isr'] : []), ...(settings.data?.show_iva === false ? ['iva'] : [])]);
  const button = settings.data?.show_make_dec_button;
  const detail = useQuery({ ...statementQuery(rfc, selected ?? 0), enabled: selected !== null });
  const start = useMutation({
    mutationFn: () => startStatement(period.month, period.year),
    onSuccess: async (s) => {
      qc.setQueryData(statementKeys.one(rfc, s.id), s);
      setSelected(s.id);
      await qc.invalidateQueries({ queryKey: statementKeys.all(rfc) });
      toastSuccess(`Declaración de ${s.period} calculada`);
    },
    onError: (e) => toastError(errorLines(e)),
  });
  const total = list.data?.total ?? 0;
  return (
    <Stack gap="md">
      <Group>
        <Button leftSection={<IconCalculator size={16} />} loading={start.isPending} onClick={() => start.mutate()} data-testid="statement-start">
          Calcular declaración de {MONTH_NAMES[period.month - 1]} {period.year}
        </Button>
      </Group>
      {button && !button.show && button.reason && <Alert color="yellow" data-testid="statement-reason">{button.reason}</Alert>}
      {detail.data && <StatementDetail s={detail.data} hidden={hidden} />}
      <Card withBorder radius="md" padding="sm">
        <Text fw={600} mb="xs">Declaraciones calculadas ({total})</Text>
        {total === 0 ? <Text size="sm" c="dimmed">Aún no hay declaraciones: elige el mes en el filtro y calcúlalo.</Text> : (
          <ListTable minWidth={700} testId="statements-table" columns={[{ label: 'Periodo' }, { label: 'Tipo' }, { label: 'ISR', align: 'right' }, { label: 'IVA', align: 'right' }, { label: 'Calculada' }, {}]}>
            {(list.data?.data ?? []).map((s) => (
              <Table.Tr key={s.id} data-testid={`statement-${s.year}-${s.month}`}>
                <Table.Td>{s.period}</Table.Td>
                <Table.Td>{s.type}</Table.Td>
                <Table.Td ta="right">{formatMoney(s.isr_a_pagar)}</Table.Td>
                <Table.Td ta="right">{formatMoney(s.iva_a_pagar)}{s.iva_saldo_a_favor !== '0.00' ? ` (a favor ${formatMoney(s.iva_saldo_a_favor)})` : ''}</Table.Td>
                <Table.Td>{formatDay(s.created_at.slice(0, 10))}</Table.Td>
                <Table.Td><Button size="xs" variant="subtle" onClick={() => setSelected(s.id)}>Ver</Button></Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        )}
        {total > 10 && (
          <Group justify="flex-end" mt="xs">
            <Button size="xs" variant="default" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>Anterior</Button>
            <Button size="xs" variant="default" disabled={page * 10 >= total} onClick={() => setPage((p) => p + 1)}>Siguiente</Button>
          </Group>
        )}
      </Card>
    </Stack>
  );
}
