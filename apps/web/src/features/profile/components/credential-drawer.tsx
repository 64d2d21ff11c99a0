import { useCallback, useState } from 'react';
import { Alert, Button, Divider, Drawer, FileInput, PasswordInput, Stack, Text } from '@mantine/core';
import { IconCertificate, IconFileCertificate, IconKey } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { credentialPasswordSchema, type CredentialKind } from '@facturo/contract';
import { isApiError } from '../../../shared/api/api-error';
import { fieldError, formatApiErrorLines } from '../../../shared/api/format-api-error';
import { JobProgressBar } from '../../../shared/jobs/job-progress-bar';
import { credentialQuery, profileKeys, uploadCredential } from '../api/profile-api';
import { CredentialFacts } from './credential-facts';

type Errors = Partial<Record<'cer' | 'key' | 'password' | 'form', string>>;

/**
 * Side panel to upload a CSD or an e.firma (.cer + .key + password): instant problems come back on
 * their field; otherwise the live validation job's progress is shown, then the certificate's facts.
 */
export function CredentialDrawer({ kind, rfc, opened, onClose }: { kind: CredentialKind; rfc: string; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const status = useQuery({ ...credentialQuery(rfc, kind), enabled: opened });
  const [cer, setCer] = useState<File | null>(null);
  const [key, setKey] = useState<File | null>(null);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [jobId, setJobId] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const [validated, setValidated] = useState(false);
  // Each validation starts from an empty form: the FileInputs remount with this key.
  const [formKey, setFormKey] = useState(0);

  const upload = useMutation({
    mutationFn: (files: { cer: File; key: File; password: string }) => uploadCredential(kind, files),
    onSuccess: (res) => {
      setJobId(res.id);
      setRunning(true);
      // The server has the files now: clear the form so "Validar y guardar" cannot send them twice (issue 18).
      setCer(null);
      setKey(null);
      setFormKey((k) => k + 1);
      setPassword('');
      void queryClient.invalidateQueries({ queryKey: profileKeys.credential(rfc, kind) });
    },
    onError: (err) => {
      if (!isApiError(err)) return setErrors({ form: t('toast.error.text') });
      const body = err.body;
      const next: Errors = { cer: fieldError(body, 'cer'), key: fieldError(body, 'key'), password: fieldError(body, 'password') };
      if (!next.cer && !next.key && !next.password) next.form = formatApiErrorLines(body).join('\n') || t('toast.error.text');
      setErrors(next);
    },
  });
  const onFinished = useCallback((state: { status: string }) => {
    setRunning(false);
    setValidated(state.status === 'success');
    // The facts above switch to the certificate just validated.
    void queryClient.invalidateQueries({ queryKey: profileKeys.credential(rfc, kind) });
  }, [queryClient, rfc, kind]);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const next: Errors = {};
    if (!cer) next.cer = t('profile.credential.cerRequired');
    if (!key) next.key = t('profile.credential.keyRequired');
    const pw = credentialPasswordSchema.safeParse(password);
    if (!pw.success) next.password = pw.error.issues[0]?.message;
    setErrors(next);
    if (Object.keys(next).length) return;
    setJobId(null);
    setValidated(false);
    upload.mutate({ cer: cer!, key: key!, password });
  };

  const current = status.data?.credential;
  const attempt = status.data?.lastAttempt;
  return (
    <Drawer opened={opened} onClose={onClose} position="right" size="md" title={t(`profile.credential.${kind}.title`)} data-testid={`drawer-${kind}`}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t(`profile.credential.${kind}.text`)}
        </Text>
        {validated && current?.status === 'valid' && (
          <Alert color="teal" data-testid="credential-validated">{t('profile.credential.validated', { serial: current.noCertificado })}</Alert>
        )}
        {current ? <CredentialFacts info={current} /> : <Text size="sm">{t('profile.credential.none')}</Text>}
        {attempt && attempt.status === 'invalid' && !jobId && (
          <Alert color="red" title={t('profile.credential.lastAttempt')}>
            {attempt.statusMessage}
          </Alert>
        )}
        <Divider label={t('profile.credential.uploadNew')} labelPosition="left" />
        <form onSubmit={submit} noValidate key={formKey}>
          <Stack gap="sm">
            {errors.form && <Alert color="red">{errors.form}</Alert>}
            <FileInput
              label={t('profile.credential.cer')}
              placeholder={t('profile.credential.pick')}
              accept=".cer,.crt,.pem"
              value={cer}
              onChange={setCer}
              error={errors.cer}
              leftSection={<IconFileCertificate size={16} />}
              clearable
              data-testid="credential-cer"
            />
            <FileInput
              label={t('profile.credential.key')}
              placeholder={t('profile.credential.pick')}
              accept=".key,.pem"
              value={key}
              onChange={setKey}
              error={errors.key}
              leftSection={<IconKey size={16} />}
              clearable
              data-testid="credential-key"
            />
            <PasswordInput
              label={t('profile.credential.password')}
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              error={errors.password}
              autoComplete="off"
            />
            <Button type="submit" loading={upload.isPending} disabled={running || (validated && !cer && !key)} leftSection={<IconCertificate size={16} />}>
              {t('profile.credential.submit')}
            </Button>
            {jobId && <JobProgressBar key={jobId} jobId={jobId} onFinished={onFinished} />}
          </Stack>
        </form>
      </Stack>
    </Drawer>
  );
}
