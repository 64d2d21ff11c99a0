import { Group, Text, ThemeIcon, useMantineTheme } from '@mantine/core';
import { IconReceiptTax } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Product logo + name, in the tenant's colors. */
export function Brand({ size = 'lg' }: { size?: 'md' | 'lg' }) {
  const { t } = useTranslation();
  // The tenant's palette (app/tenant-style.ts): primary color and the gradient's accent.
  const theme = useMantineTheme();
  const primary = theme.primaryColor;
  const accent = typeof theme.other.accentColor === 'string' ? theme.other.accentColor : 'cyan';
  return (
    <Group gap={8} wrap="nowrap">
      <ThemeIcon size={size === 'lg' ? 38 : 30} radius="md" variant="gradient" gradient={{ from: primary, to: accent, deg: 135 }}>
        <IconReceiptTax size={size === 'lg' ? 22 : 18} />
      </ThemeIcon>
      <Text fw={800} fz={size === 'lg' ? 22 : 18} c={`${primary}.7`} style={{ letterSpacing: -0.5 }}>
        {t('app.name')}
      </Text>
    </Group>
  );
}
