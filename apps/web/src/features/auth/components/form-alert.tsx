import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/** Form-level error (server message that belongs to no single field). */
export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert" data-testid="form-error" style={{ whiteSpace: 'pre-line' }}>
      {message}
    </Alert>
  );
}
