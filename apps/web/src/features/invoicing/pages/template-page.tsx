import { useEffect, useState } from 'react';
import { Button, Card, Group, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/session/session-store';
import { PageHeader } from '../../../shared/ui/page-header';
import { toastSuccess } from '../../../shared/ui/toasts';
import { pdfTemplatesQuery, saveUserTemplate, userTemplateQuery } from '../api/invoicing-api';

/** /invoicing/template (issue 9 item 5): the PDF template every later invoice PDF uses. */
export function TemplatePage() {
  const { t } = useTranslation();
  const rfc = useSession().user?.username ?? '';
  const queryClient = useQueryClient();
  const templates = useQuery(pdfTemplatesQuery(rfc));
  const current = useQuery(userTemplateQuery(rfc));
  const [picked, setPicked] = useState<string>('');
  useEffect(() => {
    if (current.data) setPicked(current.data.pdfTemplateId);
  }, [current.data]);
  const save = useMutation({
    mutationFn: () => saveUserTemplate(picked),
    onSuccess: async () => {
      toastSuccess(t('invoicing.template.saved'));
      await queryClient.invalidateQueries({ queryKey: userTemplateQuery(rfc).queryKey });
    },
  });
  return (
    <Stack gap="md">
      <PageHeader title={t('invoicing.template.title')} />
      <Card withBorder radius="md">
        <Stack gap="md">
          <Text size="sm" c="dimmed">{t('invoicing.template.hint')}</Text>
          <Radio.Group value={picked} onChange={setPicked} name="pdfTemplateId" label={t('invoicing.template.choose')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs">
              {(templates.data ?? []).map((tpl) => (
                <Card key={tpl.templateId} withBorder padding="sm" radius="sm">
                  <Radio value={tpl.templateId} label={tpl.nombre} description={tpl.descripcion} />
                </Card>
              ))}
            </SimpleGrid>
          </Radio.Group>
          {current.data && <Text size="sm">{current.data.logoUrl ? t('invoicing.template.withLogo') : t('invoicing.template.noLogo')}</Text>}
          <Group justify="flex-end">
            <Button onClick={() => save.mutate()} loading={save.isPending} disabled={!picked || picked === current.data?.pdfTemplateId}>{t('invoicing.template.save')}</Button>
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}
