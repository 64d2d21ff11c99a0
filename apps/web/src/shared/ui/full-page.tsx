import type { ReactNode } from 'react';
import { Box, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { Brand } from './brand';

interface FullPageProps {
  title: string;
  subtitle?: ReactNode;
  children?: ReactNode;
  width?: number;
  illustration?: ReactNode;
}

/** Full-layout screen (§2.3): centered card over a soft background, no navigation. */
export function FullPage({ title, subtitle, children, width = 440, illustration }: FullPageProps) {
  return (
    <Box
      mih="100vh"
      style={{
        background:
          'radial-gradient(circle at 10% 10%, var(--mantine-color-indigo-light), transparent 40%), radial-gradient(circle at 90% 90%, var(--mantine-color-cyan-light), transparent 40%), var(--mantine-color-body)',
      }}
    >
      <Center mih="100vh" p="md">
        <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', sm: 36 }} w="100%" maw={width}>
          <Stack gap="md">
            <Brand />
            {illustration}
            <div>
              <Title order={2} fz={24} fw={700}>
                {title}
              </Title>
              {subtitle && (
                <Text c="dimmed" size="sm" mt={4}>
                  {subtitle}
                </Text>
              )}
            </div>
            {children}
          </Stack>
        </Paper>
      </Center>
    </Box>
  );
}
