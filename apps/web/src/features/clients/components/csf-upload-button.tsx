import { Button, FileButton } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CsfExtract } from '@facturo/contract';
import { isApiError } from '../../../shared/api/api-error';
import { formatApiErrorLines } from '../../../shared/api/format-api-error';
import { toastError, toastSuccess } from '../../../shared/ui/toasts';
import { uploadCsf } from '../api/clients-api';

/** Reads the customer's Constancia de Situación Fiscal (PDF) and hands its data to the form. */
export function CsfUploadButton({ onRead }: { onRead: (csf: CsfExtract) => void }) {
  const { t } = useTranslation();
  const upload = useMutation({
    mutationFn: uploadCsf,
    onSuccess: (csf) => {
      onRead(csf);
      toastSuccess(t('clients.csf.read'), t('clients.csf.title'));
    },
    onError: (e) => toastError(isApiError(e) ? formatApiErrorLines(e.body) : undefined, t('clients.csf.failed')),
  });
  return (
    <FileButton accept="application/pdf" onChange={(file) => file && upload.mutate(file)}>
      {(props) => (
        <Button {...props} variant="light" leftSection={<IconFileTypePdf size={16} />} loading={upload.isPending}>
          {t('clients.csf.button')}
        </Button>
      )}
    </FileButton>
  );
}
