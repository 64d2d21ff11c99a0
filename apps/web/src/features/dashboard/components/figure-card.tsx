import { Anchor, Badge, Card, Group, Skeleton, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formatMoney } from '@facturo/cfdi/money';
import { openUpgradeDialog } from '../../plans/public';
import type { DashboardCard } from '../model/cards';

const TAX_KEY = { estimado: 'estimado', presentada: 'presentada', sin_tablas: 'sinTablas' } as const;

/**
 * One dashboard card: headline figures and their breakdown, each leading to its list. A figure the plan does
 * not show (null) is masked with the prompt to subscribe (spec §6), never shown as zero.
 */
export function FigureCard({ card, loading }: { card: DashboardCard; loading: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Card withBorder radius="md" padding="md" h="100%" data-testid={`dashboard-card-${card.id}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Anchor component="button" type="button" fw={700} c="dimmed" size="sm" tt="uppercase" ta="left" onClick={() => navigate(card.link)}>
            {t(`dashboard.cards.${card.id}`)}
          </Anchor>
          {card.taxes && (
            <Tooltip label={t(`dashboard.taxes.${TAX_KEY[card.taxes.estado]}Tooltip`)} multiline w={260} withArrow>
              <Badge variant="light" color={card.taxes.estado === 'presentada' ? 'teal' : 'yellow'} data-testid="taxes-estado">
                {t(`dashboard.taxes.${TAX_KEY[card.taxes.estado]}`)}
              </Badge>
            </Tooltip>
          )}
        </Group>
        {card.figures.map((f) => (
          <div key={f.key}>
            <Text size="xs" c="dimmed">{t(`dashboard.figures.${f.key}`)}</Text>
            {loading ? <Skeleton h={28} w="60%" mt={4} /> : f.value === null ? (
              <UnstyledButton onClick={openUpgradeDialog} data-testid={`masked-${f.key}`}>
                <Group gap={6}>
                  <Text fw={700} size="xl" c="dimmed">$ •••••</Text>
                  <Badge leftSection={<IconLock size={12} />} variant="light" color="orange">{t('dashboard.subscribe')}</Badge>
                </Group>
              </UnstyledButton>
            ) : (
              <UnstyledButton onClick={() => navigate(f.link)} data-testid={`figure-${f.key}`}>
                <Text fw={700} size="xl">{formatMoney(f.value)}</Text>
              </UnstyledButton>
            )}
          </div>
        ))}
        {card.taxes && !card.taxes.isrCalculado && !loading && <Text size="xs" c="dimmed">{t('dashboard.taxes.isrNoCalculado')}</Text>}
        {card.taxes && (
          <Anchor component={Link} to={card.taxes.howLink} size="sm" ta="left" data-testid="taxes-how">
            {t('dashboard.taxes.howLink')}
          </Anchor>
        )}
        {card.detail.length > 0 && (
          <Stack gap={2} mt={4}>
            {card.detail.map((d) => (
              <Group key={d.titulo} justify="space-between" wrap="nowrap" gap="xs">
                <Tooltip label={d.tooltip} multiline w={260} withArrow>
                  <Anchor component="button" type="button" size="xs" c="dimmed" ta="left" onClick={() => navigate(d.link)}>{d.titulo}</Anchor>
                </Tooltip>
                {loading ? <Skeleton h={12} w={60} /> : <Text size="xs" fw={500}>{formatMoney(d.valor)}</Text>}
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
