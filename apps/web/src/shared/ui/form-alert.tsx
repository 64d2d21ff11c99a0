import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/**
 * Form-level error: a server message that belongs to no single field, or the §8 per-field
 * lines. Nothing when there is nothing to say.
 */
export function FormAlert({ message, testId = 'form-error' }: { message: string | readonly string[] | null; testId?: string }) {
  const text = Array.isArray(message) ? message.join('\n') : message;
  if (!text) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert" data-testid={testId} style={{ whiteSpace: 'pre-line' }}>
      {text}
    </Alert>
  );
}
