import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconReceiptTax } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Product logo + name. */
export function Brand({ size = 'lg' }: { size?: 'md' | 'lg' }) {
  const { t } = useTranslation();
  return (
    <Group gap={8} wrap="nowrap">
      <ThemeIcon size={size === 'lg' ? 38 : 30} radius="md" variant="gradient" gradient={{ from: 'indigo', to: 'cyan', deg: 135 }}>
        <IconReceiptTax size={size === 'lg' ? 22 : 18} />
      </ThemeIcon>
      <Text fw={800} fz={size === 'lg' ? 22 : 18} c="indigo.7" style={{ letterSpacing: -0.5 }}>
        {t('app.name')}
      </Text>
    </Group>
  );
}
