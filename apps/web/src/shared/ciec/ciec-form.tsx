import { useState } from 'react';
import { Button, PasswordInput, Stack } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { ciecSchema } from '@facturo/contract';
import { startCiecValidation } from './ciec-api';
import { JobProgressBar } from '../jobs/job-progress-bar';

interface CiecFormProps {
  label: string;
  submitLabel: string;
  /** The job was accepted (e.g. show it in the background list at once). */
  onStarted?: () => void;
  /** The live validation ended, well or not (refetch what depends on it). Keep it stable (useCallback). */
  onFinished: () => void;
}

/**
 * The CIEC field and its "Validar" button: checks the format here, starts the background
 * validation and follows it live (§4 validation flows). Used on the dashboard and in the profile.
 */
export function CiecForm({ label, submitLabel, onStarted, onFinished }: CiecFormProps) {
  const [ciec, setCiec] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const start = useMutation({
    mutationFn: startCiecValidation,
    onSuccess: (res) => {
      setJobId(res.id);
      setCiec('');
      onStarted?.();
    },
  });
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = ciecSchema.safeParse({ ciec });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? null);
    setError(null);
    setJobId(null);
    start.mutate(parsed.data.ciec);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <PasswordInput label={label} value={ciec} onChange={(e) => setCiec(e.currentTarget.value)} error={error} autoComplete="off" />
        <Button type="submit" loading={start.isPending} leftSection={<IconShieldCheck size={16} />}>
          {submitLabel}
        </Button>
        {jobId && <JobProgressBar key={jobId} jobId={jobId} onFinished={onFinished} />}
      </Stack>
    </form>
  );
}
