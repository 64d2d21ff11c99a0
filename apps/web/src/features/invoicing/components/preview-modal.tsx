import { useEffect, useState } from 'react';
import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';

/** The preview PDF (unsigned, marked as such by the server) shown inside the page. */
export function PreviewModal({ pdf, onClose }: { pdf: Blob | null; onClose: () => void }) {
  const { t } = useTranslation();
  const small = useMediaQuery('(max-width: 48em)');
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!pdf) return;
    const u = URL.createObjectURL(pdf);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [pdf]);
  return (
    <Modal opened={Boolean(pdf)} onClose={onClose} title={t('invoicing.preview.title')} size="xl" fullScreen={small}>
      {url && <iframe title={t('invoicing.preview.title')} src={url} data-testid="preview-frame" style={{ width: '100%', height: small ? 'calc(100vh - 90px)' : '75vh', border: 0 }} />}
    </Modal>
  );
}
