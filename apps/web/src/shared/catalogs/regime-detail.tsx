import { Badge, Group, Paper, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { invoicingRoutes } from '@facturo/contract/routes/invoicing';
import { call } from '../api/call';

/**
 * The chosen régimen's detail next to its select (spec §7 `GET /api/invoicing/regime/{clave}`): SAT's
 * description, who may use it (personas físicas / morales) and the usos CFDI a receptor of it may be given.
 */
export function RegimeDetail({ clave }: { clave: string | null | undefined }) {
  const { t } = useTranslation();
  const valid = Boolean(clave && /^\d{3}$/.test(clave));
  const detail = useQuery({
    queryKey: ['catalogs', 'regime', clave],
    queryFn: ({ signal }) => call(invoicingRoutes['invoicing.regime'], { params: { clave: clave! }, signal }),
    enabled: valid,
    staleTime: 60 * 60 * 1000,
  });
  if (!valid || !detail.data) return null;
  const d = detail.data;
  return (
    <Paper withBorder radius="md" p="xs" data-testid="regime-detail">
      <Text size="sm" fw={600}>{d.clave} - {d.descripcion}</Text>
      <Group gap={6} mt={4}>
        <Text size="xs" c="dimmed">{t('leftovers25.regime.applies')}</Text>
        {d.fisica && <Badge size="xs" variant="light" color="teal">{t('leftovers25.regime.fisica')}</Badge>}
        {d.moral && <Badge size="xs" variant="light" color="indigo">{t('leftovers25.regime.moral')}</Badge>}
      </Group>
      {d.usos.length > 0 && (
        <Text size="xs" c="dimmed" mt={4} data-testid="regime-usos">
          {t('leftovers25.regime.usos', { usos: d.usos.map((u) => u.clave).join(', ') })}
        </Text>
      )}
    </Paper>
  );
}
