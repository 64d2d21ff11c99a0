import { useMemo, useState } from 'react';
import { Anchor, Badge, Button, Card, Group, Image, Modal, SimpleGrid, Stack, Text, TextInput, Timeline, Title, UnstyledButton } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconSearch } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../shared/ui/page-header';
import { guides, searchGuides, shotUrl, type Guide } from '../model/guides';

/** /tutorials: a searchable help center; `?guia=<id>` opens one guide. */
export function TutorialsPage() {
  const [params, setParams] = useSearchParams();
  const open = guides.find((g) => g.id === params.get('guia'));
  return open
    ? <GuideView guide={open} onBack={() => setParams({})} />
    : <GuideList onOpen={(g) => setParams({ guia: g.id })} />;
}

function GuideList({ onOpen }: { onOpen: (g: Guide) => void }) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const found = useMemo(() => searchGuides(query), [query]);
  return (
    <Stack gap="md">
      <PageHeader title={t('tutorials.title')} />
      <Text c="dimmed">{t('tutorials.intro')}</Text>
      <TextInput leftSection={<IconSearch size={16} />} placeholder={t('tutorials.search')} aria-label={t('tutorials.search')}
        value={query} onChange={(e) => setQuery(e.currentTarget.value)} maw={480} />
      {found.length === 0 && <Text c="dimmed" ta="center" py="lg">{t('tutorials.empty')}</Text>}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {found.map((g) => (
          <UnstyledButton key={g.id} onClick={() => onOpen(g)} data-testid="guide-card" style={{ height: '100%' }}>
            <Card withBorder radius="md" padding="lg" h="100%">
              <Stack gap="xs">
                <Title order={4}>{g.title}</Title>
                <Text size="sm" c="dimmed">{g.summary}</Text>
                <Group gap="xs" mt="auto">
                  <Badge variant="light">{t('tutorials.steps', { count: g.steps.length })}</Badge>
                </Group>
              </Stack>
            </Card>
          </UnstyledButton>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function GuideView({ guide, onBack }: { guide: Guide; onBack: () => void }) {
  const { t } = useTranslation();
  const [zoom, setZoom] = useState<string | null>(null);
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Button variant="subtle" leftSection={<IconArrowLeft size={16} />} onClick={onBack}>{t('tutorials.back')}</Button>
        <Button component={Link} to={guide.screen} rightSection={<IconArrowRight size={16} />}>{t('tutorials.goTo')}</Button>
      </Group>
      <Title order={2}>{guide.title}</Title>
      <Text c="dimmed">{guide.summary}</Text>
      <Timeline active={guide.steps.length} bulletSize={28} lineWidth={2}>
        {guide.steps.map((step, i) => (
          <Timeline.Item key={i} bullet={<Text size="xs" fw={700}>{i + 1}</Text>} data-testid="guide-step">
            <Stack gap="xs">
              <Text>{step.text}</Text>
              {step.shot && (
                <Anchor component="button" type="button" onClick={() => setZoom(step.shot!)} aria-label={t('tutorials.enlarge', { n: i + 1 })}>
                  <Image src={shotUrl(step.shot)} alt={t('tutorials.shotAlt', { n: i + 1, title: guide.title })} radius="md" maw={720}
                    style={{ border: '1px solid var(--mantine-color-default-border)' }} loading="lazy" />
                </Anchor>
              )}
            </Stack>
          </Timeline.Item>
        ))}
      </Timeline>
      <Modal opened={zoom !== null} onClose={() => setZoom(null)} size="90%" title={guide.title}>
        {zoom && <Image src={shotUrl(zoom)} alt={guide.title} />}
      </Modal>
    </Stack>
  );
}
