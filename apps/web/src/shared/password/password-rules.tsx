import { List, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconPoint } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { passwordChecks, type PasswordRule } from './password-checks';

const order: PasswordRule[] = ['length', 'upper', 'lower', 'digit', 'special'];

/** Checklist of the password rules, ticking each as the user types. */
export function PasswordRules({ value }: { value: string }) {
  const { t } = useTranslation();
  const checks = passwordChecks(value);
  return (
    <div>
      <Text size="xs" c="dimmed" mb={4}>
        {t('auth.passwordRules.title')}
      </Text>
      <List spacing={2} size="xs">
        {order.map((rule) => (
          <List.Item
            key={rule}
            data-rule={rule}
            data-ok={checks[rule]}
            icon={
              <ThemeIcon size={16} radius="xl" color={checks[rule] ? 'teal' : 'gray'} variant={checks[rule] ? 'filled' : 'light'}>
                {checks[rule] ? <IconCheck size={11} /> : <IconPoint size={11} />}
              </ThemeIcon>
            }
          >
            <Text size="xs" c={checks[rule] ? 'teal.7' : 'dimmed'}>
              {t(`auth.passwordRules.${rule}`)}
            </Text>
          </List.Item>
        ))}
      </List>
    </div>
  );
}
